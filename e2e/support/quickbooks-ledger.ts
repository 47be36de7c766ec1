import type { QuickbooksFake } from '../../apps/server/test/quickbooks-fake';

/** The company the fake QuickBooks holds for the journeys, and its one journal entry (dated today). */
export const QUICKBOOKS_COMPANY = 'Craig’s Design and Landscaping';
export const QUICKBOOKS_JOURNAL = '9001';
export const QUICKBOOKS_SALE = 'Landscaping job synced from QuickBooks';
export const QUICKBOOKS_AMOUNT = 4321.5;

/**
 * No account numbers: the accounts become QBO-<id>. The journeys sync into an organization of their own;
 * today's date puts the entry in the current month, whose period the sync creates, open.
 */
export function seedQuickbooksCompany(fake: QuickbooksFake): void {
  const realmId = '9130000000000901';
  fake.addCompany(realmId, QUICKBOOKS_COMPANY);
  fake.setAccounts(realmId, [
    { Id: '35', Name: 'QuickBooks Checking', AccountType: 'Bank', AccountSubType: 'Checking' },
    { Id: '54', Name: 'Landscaping Services', AccountType: 'Income', AccountSubType: 'ServiceFeeIncome' },
  ]);
  const today = new Date().toISOString().slice(0, 10);
  fake.putJournalEntry(realmId, {
    Id: QUICKBOOKS_JOURNAL,
    TxnDate: today,
    DocNumber: 'QB-1037',
    Lines: [
      { Id: '0', Amount: QUICKBOOKS_AMOUNT, PostingType: 'Debit', AccountId: '35', Description: QUICKBOOKS_SALE },
      { Id: '1', Amount: QUICKBOOKS_AMOUNT, PostingType: 'Credit', AccountId: '54', Description: QUICKBOOKS_SALE },
    ],
  });
}
