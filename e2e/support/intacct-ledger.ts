import { INTACCT_SENDER_ID, INTACCT_SENDER_PASSWORD, type IntacctFake } from '../../apps/server/test/intacct-fake';

/** The company the fake Sage Intacct holds for the journeys, its Web Services user, and its one journal entry (dated today). */
export const INTACCT_COMPANY = 'finboard-demo-intacct';
export const INTACCT_USER = { userId: 'ws_finboard', password: 'Intacct-Journey-1' };
export const INTACCT_SENDER = { senderId: INTACCT_SENDER_ID, senderPassword: INTACCT_SENDER_PASSWORD };
export const INTACCT_JOURNAL = '88001';
export const INTACCT_SALE = 'Consulting engagement synced from Sage Intacct';
export const INTACCT_REVENUE = { code: '4615', name: 'Intacct Consulting Revenue' };
export const INTACCT_AMOUNT = '2750.00';

/**
 * Account codes 1015 and 4615, in an organization of the journeys' own (codes of the other systems' ledgers
 * differ, so the three syncs never meet). Today's date puts the entry in the current month, whose period the
 * sync creates, open.
 */
export function seedIntacctCompany(fake: IntacctFake): void {
  fake.addCompany(INTACCT_COMPANY, INTACCT_USER);
  fake.setAccounts(INTACCT_COMPANY, [
    {
      ACCOUNTNO: '1015',
      TITLE: 'Intacct Operating Cash',
      ACCOUNTTYPE: 'balancesheet',
      NORMALBALANCE: 'debit',
      CATEGORY: 'Cash',
    },
    {
      ACCOUNTNO: INTACCT_REVENUE.code,
      TITLE: INTACCT_REVENUE.name,
      ACCOUNTTYPE: 'incomestatement',
      NORMALBALANCE: 'credit',
      CATEGORY: 'Revenue',
    },
  ]);
  fake.putEntry(INTACCT_COMPANY, {
    BATCHNO: INTACCT_JOURNAL,
    JOURNAL: 'GJ',
    BATCH_NUMBER: '501',
    date: new Date().toISOString().slice(0, 10),
    lines: [
      { LINE_NO: 1, ACCOUNTNO: '1015', AMOUNT: INTACCT_AMOUNT, TR_TYPE: 1, DESCRIPTION: INTACCT_SALE },
      { LINE_NO: 2, ACCOUNTNO: INTACCT_REVENUE.code, AMOUNT: INTACCT_AMOUNT, TR_TYPE: -1, DESCRIPTION: INTACCT_SALE },
    ],
  });
}
