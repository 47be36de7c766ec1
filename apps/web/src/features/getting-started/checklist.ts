/**
 * A new organization's first steps, as its data says they are: a chart of accounts, a general ledger,
 * budgets (optional), then Profit & Loss. Each step is done when the warehouse holds what it asks for; the
 * last when the user has opened the statement from the checklist.
 */

export type ChecklistStepKey = 'chart' | 'ledger' | 'budgets' | 'profit-and-loss';

export interface ChecklistStep {
  key: ChecklistStepKey;
  title: string;
  done: boolean;
  optional: boolean;
}

export interface ChecklistState {
  accounts: number;
  ledgerLines: number;
  budgetLines: number;
  profitAndLossOpened: boolean;
}

export function checklistOf(state: ChecklistState): { steps: ChecklistStep[]; complete: boolean } {
  const steps: ChecklistStep[] = [
    { key: 'chart', title: 'Load your chart of accounts', done: state.accounts > 0, optional: false },
    { key: 'ledger', title: 'Load your general ledger', done: state.ledgerLines > 0, optional: false },
    { key: 'budgets', title: 'Load your budgets', done: state.budgetLines > 0, optional: true },
    {
      key: 'profit-and-loss',
      title: 'Open Profit & Loss',
      // A statement of an empty ledger says nothing yet: the step waits for the ledger.
      done: state.profitAndLossOpened && state.ledgerLines > 0,
      optional: false,
    },
  ];
  return { steps, complete: steps.every((step) => step.done || step.optional) };
}

/** What the browser remembers per organization: the statement opened, the checklist started or hidden. */
const key = (organizationId: string, what: 'opened' | 'hidden' | 'started') =>
  `finboard.gettingStarted.${what}.${organizationId}`;

export const checklistMemory = {
  opened: (organizationId: string) => localStorage.getItem(key(organizationId, 'opened')) === 'true',
  markOpened: (organizationId: string) => localStorage.setItem(key(organizationId, 'opened'), 'true'),
  hidden: (organizationId: string) => localStorage.getItem(key(organizationId, 'hidden')) === 'true',
  hide: (organizationId: string) => localStorage.setItem(key(organizationId, 'hidden'), 'true'),
  /** Shown once with something left to do: the organization is new, and keeps its checklist until done. */
  started: (organizationId: string) => localStorage.getItem(key(organizationId, 'started')) === 'true',
  start: (organizationId: string) => localStorage.setItem(key(organizationId, 'started'), 'true'),
};
