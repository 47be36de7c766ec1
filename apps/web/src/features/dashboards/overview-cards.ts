import { KPI_CATALOG, KPI_KEYS, type KpiKey } from '@finboard/shared/reports';

/** The card picker's list: the headline figures first, then the ratios, as the KPI library orders them. */
export const PICKABLE_KPIS: KpiKey[] = [
  ...KPI_KEYS.filter((key) => KPI_CATALOG[key].unit === 'amount' && !['workingCapital', 'monthlyBurn'].includes(key)),
  ...KPI_KEYS.filter((key) => KPI_CATALOG[key].unit !== 'amount' || ['workingCapital', 'monthlyBurn'].includes(key)),
];

/** The cards after a pick: those kept stay where they were, the newly picked follow in the list's order. */
export function nextCards(current: readonly KpiKey[], picked: readonly KpiKey[]): KpiKey[] {
  const kept = current.filter((key) => picked.includes(key));
  const added = PICKABLE_KPIS.filter((key) => picked.includes(key) && !current.includes(key));
  return [...kept, ...added];
}
