import { journalMessages, formatCents, signedCentsOf } from '@finboard/shared/journals';
import type { DataRow } from '@finboard/shared/data-management';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import {
  journalKeyText,
  journalsRepository as repo,
  type JournalKey,
  type JournalsRepository,
} from './journals.repository.ts';

/**
 * The ledger's rules on every write of 02_GL_Detail (docs/finance-conventions.md): a journal stays
 * balanced to the cent and a closed period takes no new, changed or deleted lines. They run inside the
 * write's transaction, after it, so a refusal rolls everything back.
 */

export const GL_TABLE = '02_GL_Detail';

const absolute = (cents: bigint) => (cents < 0n ? -cents : cents);

export const outOfBalance = (journalId: string, difference: bigint) =>
  badRequest('JOURNAL_OUT_OF_BALANCE', journalMessages.outOfBalance(journalId, formatCents(absolute(difference))));

/** Refuses when any of `periods` is closed; unknown periods are left to the foreign key. */
export async function refuseClosedPeriods(
  tx: Executor,
  schema: string,
  periods: readonly (string | null | undefined)[],
  journals: Pick<JournalsRepository, 'periods'> = repo,
) {
  const named = periods.filter((period): period is string => typeof period === 'string');
  const found = await journals.periods(tx, schema, named);
  const closed = named.find((period) => found.get(period)?.closed);
  if (closed) throw badRequest('PERIOD_CLOSED', journalMessages.periodClosed(closed));
}

const keyOf = (source: unknown, journalId: unknown): JournalKey | undefined =>
  typeof journalId === 'string' && journalId !== ''
    ? { source: typeof source === 'string' && source !== '' ? source : 'manual', journalId }
    : undefined;

/**
 * The journals a line write touches, before it runs: the journal of the row as it was and of the row as it
 * will be (a write may move a line to another journal).
 */
export function journalsOfLineWrite(change: { before?: DataRow; values: Record<string, unknown> }): JournalKey[] {
  const { before, values } = change;
  return [
    before && keyOf(before.source, before.journal_id),
    keyOf(values.source ?? before?.source, values.journal_id ?? before?.journal_id),
  ].filter((key): key is JournalKey => key !== undefined);
}

/**
 * One line's create, update or delete through the Studio's generic routes. The change is refused when it
 * leaves a journal it touches unbalanced — unless that journal was already out by exactly as much (books
 * loaded unbalanced can still have their descriptions corrected) — or touches a closed period.
 * `values` are the columns the write sets; `write` does it and answers the row as written (none: deleted).
 * `schema` is the warehouse's.
 */
export async function guardLineWrite(
  tx: Executor,
  schema: string,
  change: { before?: DataRow; values: Record<string, unknown> },
  write: () => Promise<DataRow | undefined>,
): Promise<DataRow | undefined> {
  const { before } = change;
  const expected = journalsOfLineWrite(change);
  await repo.lock(tx, expected);
  const differencesBefore = await repo.differences(tx, schema, expected);

  const after = await write();

  const afterKey = after && keyOf(after.source, after.journal_id);
  const keys = afterKey ? [...expected, afterKey] : expected;
  const differencesAfter = await repo.differences(tx, schema, keys);
  const seen = new Set<string>();
  for (const key of keys) {
    const text = journalKeyText(key);
    if (seen.has(text)) continue;
    seen.add(text);
    const now = signedCentsOf(differencesAfter.get(text) ?? '0');
    const was = signedCentsOf(differencesBefore.get(text) ?? '0');
    if (now !== 0n && now !== was) throw outOfBalance(key.journalId, now);
  }
  await refuseClosedPeriods(tx, schema, [before?.period as string | undefined, after?.period as string | undefined]);
  return after;
}
