import { describe, expect, it } from 'vitest';
import { KPI_KEYS } from '@finboard/shared/reports';
import { nextCards, PICKABLE_KPIS } from './overview-cards';

describe('the Financial Overview’s card picker', () => {
  it('lists every KPI of the library once, the headline figures first', () => {
    expect([...PICKABLE_KPIS].sort()).toEqual([...KPI_KEYS].sort());
    expect(PICKABLE_KPIS.slice(0, 5)).toEqual(['revenue', 'grossProfit', 'operatingExpenses', 'netIncome', 'cash']);
  });
  it('keeps the cards kept where they were and adds the new ones after them', () => {
    const current = ['revenue', 'grossMargin', 'operatingExpenses', 'netIncome', 'cash'] as const;
    expect(nextCards(current, ['cash', 'dso', 'revenue', 'currentRatio'])).toEqual([
      'revenue',
      'cash',
      'currentRatio',
      'dso',
    ]);
  });
});
