import type { Layout } from '@finboard/shared/layouts';
import { applyLayout, type LayoutTarget, type TypeSuggester } from './apply-layout.ts';

/**
 * One signed amount column says little by itself: most journal exports write debits positive, while report
 * exports (QuickBooks' General Ledger) write each amount in its account's own sign. The convention under
 * which more of the file's journals balance is the file's; at a tie, debits positive.
 */
export function withBestSignConvention(
  records: readonly (readonly string[])[],
  layout: Layout,
  target: LayoutTarget,
  suggest: TypeSuggester,
): Layout {
  if (layout.amount.kind !== 'signed' || target.kind !== 'gl' || layout.family === 'trial-balance') return layout;
  const problems = (candidate: Layout) => applyLayout(records, candidate, target, suggest).problems.length;
  const candidates: Layout[] = (['debit', 'natural'] as const).map((positiveIs) => ({
    ...layout,
    amount: { kind: 'signed', positiveIs },
  }));
  const [debitFirst, natural] = candidates.map(problems);
  return natural! < debitFirst! ? candidates[1]! : candidates[0]!;
}
