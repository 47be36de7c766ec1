import type { JournalLineInput } from '@finboard/shared/journals';

/** An account of the chart as the pickers show it: its code, and its name when it has one. */
export function accountOptions(accounts: readonly { code: string; name: string }[]) {
  return accounts.map((account) => ({
    value: account.code,
    label: account.name ? `${account.code} · ${account.name}` : account.code,
  }));
}

/** A line as the journal editor holds it: every field as typed, plus a key that survives renumbering. */
export type EditedLine = Omit<JournalLineInput, 'line_no' | 'debit' | 'credit'> & {
  key: number;
  line_no: string;
  debit: string;
  credit: string;
};

const OPTIONAL_TEXT = ['entity', 'department', 'counterparty', 'reference'] as const;

/** The lines as the journals API takes them: numbered, and an entity or department left blank is none (null). */
export function linesToSave(lines: readonly EditedLine[]): JournalLineInput[] {
  return lines.map(({ key: _key, ...line }) => {
    const saved: JournalLineInput = { ...line, line_no: Number(line.line_no) };
    for (const field of OPTIONAL_TEXT) {
      const value = line[field]?.trim();
      saved[field] = value ? value : null;
    }
    return saved;
  });
}
