import { z } from 'zod';
import { calendarDateSchema, multilineText, text } from './validation.ts';

/**
 * Journals and the trial balance check (issue 9, "The books stay balanced"). A journal is the lines of
 * 02_GL_Detail that share `source` and `journal_id`; it is balanced when its debits equal its credits to
 * the cent (docs/finance-conventions.md). Amounts travel as decimal strings and are added up as integer
 * cents (bigint), never as floats.
 */
export const journalMessages = {
  outOfBalance: (journalId: string, difference: string) =>
    `Journal ${journalId} would be out of balance by ${difference}`,
  periodClosed: (period: string) => `Period ${period} is closed: its journal lines cannot be added, changed or deleted`,
  periodUnknown: (period: string) => `Period ${period} does not exist`,
  accountUnknown: (account: string) => `Account ${account} does not exist`,
  tooFewLines: 'A journal needs at least two lines',
  duplicateLine: (lineNo: number) => `Line ${lineNo} appears more than once`,
  bothSides: (lineNo: number) => `Line ${lineNo} has both a debit and a credit`,
  amountInvalid: 'Amounts are numbers of at most 16 digits and 2 decimals, never negative',
  entityTooLong: 'An entity is at most 1000 characters',
  departmentTooLong: 'A department is at most 1000 characters',
  journalIdRequired: 'Journal id is required',
  journalExists: (journalId: string) => `Journal ${journalId} already exists`,
  journalNotFound: 'Journal not found',
  journalFetched: 'Journal fetched successfully',
  journalFailed: 'Failed to fetch journal',
  journalCreated: 'Journal created successfully!',
  journalCreateFailed: 'Failed to create journal',
  journalSaved: 'Journal saved successfully!',
  journalSaveFailed: 'Failed to save journal',
  journalDeleted: 'Journal deleted successfully!',
  journalDeleteFailed: 'Failed to delete journal',
  deleteJournalConfirm: (journalId: string) =>
    `Deleting a ledger line deletes its whole journal: all lines of journal ${journalId} will be deleted. Continue?`,
  reconciliationFetched: 'Trial balance check done',
  reconciliationFailed: 'Failed to check the trial balance',
  reconciled: 'The trial balance agrees with the ledger.',
} as const;

export const JOURNAL_SOURCES = ['upload', 'quickbooks', 'intacct', 'netsuite', 'manual'] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

/** Path segments of the Studio's API that are not tables (`/api/v1/crud/{orgId}/journals`). */
export const RESERVED_TABLE_NAMES = ['journals', 'reconciliation'] as const;

// ---------------------------------------------------------------------------------------------------
// Money as integer cents

const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** Cents of a non-negative amount of at most 2 decimals ('387654.33', '12', 5.5); undefined otherwise. */
export function centsOf(amount: string | number | null | undefined): bigint | undefined {
  if (amount === null || amount === undefined || amount === '') return 0n;
  const textual = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  if (!AMOUNT.test(textual)) return undefined;
  const [units = '0', decimals = ''] = textual.split('.');
  return BigInt(units) * 100n + BigInt(decimals.padEnd(2, '0'));
}

/** Cents of a signed decimal as the database answers it ('-387654.33'). */
export function signedCentsOf(amount: string): bigint {
  const negative = amount.trim().startsWith('-');
  const cents = centsOf(amount.trim().replace(/^[-+]/, '')) ?? 0n;
  return negative ? -cents : cents;
}

/** '387,654.33': en-US grouping, always 2 decimals; negative amounts keep their sign. */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  const units = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${units}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** The decimal string of cents ('387654.33'), as the API and the database take amounts. */
export function centsToAmount(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** Debits, credits and what separates them, of any set of lines. */
export function journalTotals(lines: readonly { debit?: unknown; credit?: unknown }[]) {
  let debit = 0n;
  let credit = 0n;
  for (const line of lines) {
    debit += centsOf(line.debit as string | number | null | undefined) ?? 0n;
    credit += centsOf(line.credit as string | number | null | undefined) ?? 0n;
  }
  return { debit, credit, difference: debit - credit };
}

// ---------------------------------------------------------------------------------------------------
// Requests

const amountSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value, ctx) => {
    const cents = centsOf(value);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: journalMessages.amountInvalid });
      return z.NEVER;
    }
    return centsToAmount(cents);
  });

const optionalText = text().max(1000).nullish();
/** The entity or department of a line: trimmed, and none (null) when left blank. */
const lineDimension = (tooLong: string) =>
  text()
    .trim()
    .max(1000, tooLong)
    .transform((value) => value || null)
    .nullish();

export const journalLineInputSchema = z.object({
  line_no: z.coerce.number().int().min(0).max(2_147_483_647),
  posting_date: calendarDateSchema,
  period: text().trim().min(1).max(200),
  account_code: text().trim().min(1).max(200),
  description: multilineText().max(1000).nullish(),
  debit: amountSchema,
  credit: amountSchema,
  entity: lineDimension(journalMessages.entityTooLong),
  department: lineDimension(journalMessages.departmentTooLong),
  counterparty: optionalText,
  reference: optionalText,
});
export type JournalLineInput = z.input<typeof journalLineInputSchema>;
export type JournalLine = z.output<typeof journalLineInputSchema>;

/** Two lines or more, each line number once, each line a debit or a credit (finance-conventions.md). */
const journalLinesSchema = z
  .array(journalLineInputSchema)
  .max(10_000)
  .superRefine((lines, ctx) => {
    if (lines.length < 2) ctx.addIssue({ code: 'custom', message: journalMessages.tooFewLines });
    const seen = new Set<number>();
    for (const [index, line] of lines.entries()) {
      if (seen.has(line.line_no))
        ctx.addIssue({
          code: 'custom',
          message: journalMessages.duplicateLine(line.line_no),
          path: [index, 'line_no'],
        });
      seen.add(line.line_no);
      if ((centsOf(line.debit) ?? 0n) > 0n && (centsOf(line.credit) ?? 0n) > 0n)
        ctx.addIssue({ code: 'custom', message: journalMessages.bothSides(line.line_no), path: [index] });
    }
  });

const journalIdSchema = text({ error: journalMessages.journalIdRequired })
  .trim()
  .min(1, journalMessages.journalIdRequired)
  .max(200);

export const journalCreateBodySchema = z.object({
  journal_id: journalIdSchema,
  source: z.enum(JOURNAL_SOURCES).default('manual'),
  lines: journalLinesSchema,
});
export type JournalCreateBody = z.input<typeof journalCreateBodySchema>;

export const journalReplaceBodySchema = z.object({
  source: z.enum(JOURNAL_SOURCES).default('manual'),
  lines: journalLinesSchema,
});
export type JournalReplaceBody = z.input<typeof journalReplaceBodySchema>;

export const journalParamsSchema = z.object({ orgId: z.uuid(), journalId: journalIdSchema });
export const journalQuerySchema = z.object({ source: z.enum(JOURNAL_SOURCES).default('manual') });
export type JournalQuery = z.input<typeof journalQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Responses

export const journalLineSchema = z.object({
  row_id: z.union([z.number(), z.string()]),
  line_no: z.number(),
  posting_date: z.string(),
  period: z.string(),
  account_code: z.string(),
  description: z.string().nullable(),
  debit: z.string(),
  credit: z.string(),
  entity: z.string().nullable(),
  department: z.string().nullable(),
  counterparty: z.string().nullable(),
  reference: z.string().nullable(),
});
export type JournalLineRow = z.infer<typeof journalLineSchema>;

export const journalSchema = z.object({
  journal_id: z.string(),
  source: z.enum(JOURNAL_SOURCES),
  lines: z.array(journalLineSchema),
  /** Totals of the lines, decimal strings. */
  debit: z.string(),
  credit: z.string(),
});
export type Journal = z.infer<typeof journalSchema>;
export const journalDataSchema = z.object({ journal: journalSchema });

/** One account of one period where the trial balance and the ledger disagree; balances are debit − credit. */
export const reconciliationDifferenceSchema = z.object({
  period: z.string(),
  account_code: z.string(),
  account_name: z.string().nullable(),
  trialBalance: z.string(),
  ledger: z.string(),
  /** trialBalance − ledger. */
  difference: z.string(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;
export const reconciliationDataSchema = z.object({ differences: z.array(reconciliationDifferenceSchema) });
