import type { SaveStatementLayout, StatementLayout, StatementLayoutLine } from '@finboard/shared/statement-layouts';

/**
 * The statement layout being edited (issue 25 §1): the lines as the server answered them, changed by moves
 * and reorders until saved. Pure functions, so the editor's rules are unit-tested without a browser.
 */
export type LayoutLines = StatementLayout['lines'];

/** A line's identity: its type and subtype (the unclassified line of a type has none). */
export const lineKeyOf = (line: Pick<StatementLayoutLine, 'type' | 'subtype'>) => `${line.type}:${line.subtype ?? ''}`;

/** The lines with `code` taken off its line and put last on the line `toKey` (a line of the same type). */
export function moveAccount(lines: LayoutLines, code: string, toKey: string): LayoutLines {
  const from = lines.find((line) => line.accounts.some((account) => account.code === code));
  const to = lines.find((line) => lineKeyOf(line) === toKey);
  if (!from || !to || from === to || from.type !== to.type) return lines;
  const account = from.accounts.find((candidate) => candidate.code === code)!;
  return lines.map((line) => {
    if (line === from) return { ...line, accounts: line.accounts.filter((candidate) => candidate.code !== code) };
    if (line === to) return { ...line, accounts: [...line.accounts, account] };
    return line;
  });
}

/** The lines with `activeCode` moved to where `overCode` is, within their line (a drag's drop). */
export function reorderAccount(lines: LayoutLines, activeCode: string, overCode: string): LayoutLines {
  return lines.map((line) => {
    const from = line.accounts.findIndex((account) => account.code === activeCode);
    const to = line.accounts.findIndex((account) => account.code === overCode);
    if (from < 0 || to < 0) return line;
    const accounts = [...line.accounts];
    const [moved] = accounts.splice(from, 1);
    accounts.splice(to, 0, moved!);
    return { ...line, accounts };
  });
}

/** Where each account is and in which order, to compare a draft with what was saved. */
const placement = (lines: LayoutLines) =>
  lines.map((line) => `${lineKeyOf(line)}=${line.accounts.map((account) => account.code).join(',')}`).join('|');

export const isChanged = (saved: LayoutLines, draft: LayoutLines) => placement(saved) !== placement(draft);

/** The accounts a draft puts on another line than the saved layout: what a save will move. */
export function movedAccounts(saved: LayoutLines, draft: LayoutLines): { code: string; label: string; to: string }[] {
  const lineOf = new Map(saved.flatMap((line) => line.accounts.map((account) => [account.code, lineKeyOf(line)])));
  return draft.flatMap((line) =>
    line.accounts
      .filter((account) => lineOf.get(account.code) !== lineKeyOf(line))
      .map((account) => ({ code: account.code, label: account.label, to: line.label })),
  );
}

/** The body of the save: every line with its accounts in order, at the version the layout was read. */
export const saveBodyOf = (version: number, lines: LayoutLines): SaveStatementLayout => ({
  version,
  lines: lines.map((line) => ({
    type: line.type,
    subtype: line.subtype as SaveStatementLayout['lines'][number]['subtype'],
    accounts: line.accounts.map((account) => account.code),
  })),
});
