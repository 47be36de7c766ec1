/**
 * Told after a committed change of the ledger or the accounts (a Studio edit, a journal written): the
 * periods of the GL lines it touched, or undefined when it may concern every period (an account edit).
 * The reports module refreshes its monthly aggregates from it, shortly after (debounced per organization).
 */
export type LedgerChanged = (organizationId: string, periods?: readonly string[]) => void;
