import { z } from 'zod';
import {
  ACCOUNT_SUBTYPES,
  ACCOUNT_TYPE_NAMES,
  classifyAccount,
  standardSubtypeOf,
  typeOfSubtype,
  type AccountSubtype,
  type Classification,
} from './account-classification.ts';
import { apiSuccessSchema } from './api.ts';

/**
 * An organization's statement layout (issue 25 §1): which accounts go to which line of its statements and in
 * which order. The lines are the standard subtypes (account-classification.ts) in the statements' order, so the
 * subtotals stay those of every statement; a new layout defaults from the accounts' subtypes. Moving an account
 * to another line of its type is a change of its subtype, written to 01_Account as a Studio change (so Chat DB
 * reads it too) and kept as the layout's choice (a name rule never overrides it); the order
 * of accounts within a line is the layout's own. Each save is a new version, recorded in the audit trail.
 */

export const statementLayoutMessages = {
  organizationRequired: 'A valid organization is required',
  fetched: 'Statement layout fetched successfully',
  saved: 'Statement layout saved',
  loadFailed: 'Failed to load the statement layout. Please try again.',
  saveFailed: 'Failed to save the statement layout. Please try again.',
  versionStale: 'The layout was changed since you opened it. Reload it and make your change again.',
  accountsMismatch: 'The layout must place every account of the chart exactly once',
  lineOfOtherType: 'An account can only move to a line of its own type',
  unclassifiedTarget: 'An account can only be placed on a standard line',
} as const;

/** Which statement a type's lines belong to. */
export const STATEMENT_OF_TYPE = {
  asset: 'balanceSheet',
  liability: 'balanceSheet',
  equity: 'balanceSheet',
  revenue: 'profitAndLoss',
  expense: 'profitAndLoss',
} as const;

export const statementLayoutParamsSchema = z.object({
  organizationId: z.uuid({ error: statementLayoutMessages.organizationRequired }),
});

const subtypeSchema = z.enum(Object.values(ACCOUNT_SUBTYPES).flat() as [AccountSubtype, ...AccountSubtype[]], {
  error: statementLayoutMessages.unclassifiedTarget,
});

export const statementLayoutAccountSchema = z.object({
  code: z.string(),
  /** "6100 Rent" (accountLabel). */
  label: z.string(),
  /** The subtype 01_Account holds (a file's own word for an unclassified account). */
  storedSubtype: z.string().nullable(),
});
export type StatementLayoutAccount = z.infer<typeof statementLayoutAccountSchema>;

/** A line of a statement: a standard subtype of a type (null: the type's unclassified accounts), its accounts in order. */
export const statementLayoutLineSchema = z.object({
  type: z.enum(ACCOUNT_TYPE_NAMES),
  subtype: z.string().nullable(),
  label: z.string(),
  accounts: z.array(statementLayoutAccountSchema),
});
export type StatementLayoutLine = z.infer<typeof statementLayoutLineSchema>;

export const statementLayoutSchema = z.object({
  /** 0 until the first save; each save adds one. */
  version: z.number().int().min(0),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Every line of every type in the statements' order (empty lines too, so an account can move there). */
  lines: z.array(statementLayoutLineSchema),
});
export type StatementLayout = z.infer<typeof statementLayoutSchema>;
export const statementLayoutResponseSchema = apiSuccessSchema(statementLayoutSchema);

/**
 * `PUT /api/v1/statement-layouts/{organizationId}`: the whole layout as the editor shows it — every account of
 * the chart exactly once, on a standard line of its type (an unclassified account may stay unclassified), and
 * the version it was read at.
 */
export const saveStatementLayoutSchema = z.object({
  version: z.number().int().min(0),
  lines: z
    .array(
      z.object({
        subtype: subtypeSchema.nullable(),
        type: z.enum(ACCOUNT_TYPE_NAMES),
        accounts: z.array(z.string().min(1).max(200)).max(20_000),
      }),
    )
    .max(200),
});
export type SaveStatementLayout = z.infer<typeof saveStatementLayoutSchema>;

/**
 * A saved layout as every statement reads it: the lines people moved accounts to (by account code) and the
 * order of the accounts (codes; a line lists its accounts in this order, the others after them by code).
 */
export interface LayoutRules {
  lines: ReadonlyMap<string, AccountSubtype>;
  order: readonly string[];
}

/** No layout saved: every account on the line its subtype says, by code. */
export const NO_LAYOUT: LayoutRules = { lines: new Map(), order: [] };

/**
 * An account's line on the statements: the line a person moved it to, while 01_Account still holds that subtype
 * (the move wrote it there; a later change of it there is the newer word), so that no name rule (an operating
 * expense named "Depreciation") overrides the move; else its classification.
 */
export function classifyPlaced(
  account: { code: string; type: string | null | undefined; subtype: string | null | undefined; name?: string | null },
  layout: LayoutRules,
): Classification | undefined {
  const found = classifyAccount(account);
  const placed = layout.lines.get(account.code);
  if (!found || placed === undefined || typeOfSubtype(placed) !== found.type) return found;
  if (standardSubtypeOf(found.type, account.subtype) !== placed) return found;
  return { type: found.type, subtype: placed, standard: true };
}

/** Compares account codes as a line lists them: in the layout's order, the codes it does not list after, by code. */
export function layoutOrder(layout: Pick<LayoutRules, 'order'>): (a: string, b: string) => number {
  const rank = new Map(layout.order.map((code, index) => [code, index]));
  return (a, b) => {
    const ra = rank.get(a) ?? Infinity;
    const rb = rank.get(b) ?? Infinity;
    if (ra !== rb) return ra < rb ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  };
}
