import { generateKeyPairSync } from 'node:crypto';
import type { NetsuiteFake } from '../../apps/server/test/netsuite-fake';

/** The NetSuite account the fake holds for the journeys, its integration and its one transaction (dated today). */
export const NETSUITE_ACCOUNT_ID = '4815162_SB1';
export const NETSUITE_CONSUMER_KEY = 'e2e-netsuite-consumer-key';
export const NETSUITE_CERTIFICATE_ID = 'e2e-netsuite-certificate';
export const NETSUITE_TRANSACTION = '7301';
export const NETSUITE_MEMO = 'Consulting invoice synced from NetSuite';
export const NETSUITE_REVENUE = 'NetSuite Consulting Revenue';
export const NETSUITE_AMOUNT = 7654.25;

/**
 * Account numbers 1190 and 4590, in an organization of the journeys' own (codes of the other systems' ledgers
 * differ, so the three syncs never meet). Today's date puts the transaction in the current month, whose period
 * the sync creates, open. Answers the certificate's private key (PEM), which the journey types into the form.
 */
export function seedNetsuiteAccount(fake: NetsuiteFake): string {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  fake.addAccount(NETSUITE_ACCOUNT_ID);
  fake.mapCertificate(NETSUITE_ACCOUNT_ID, NETSUITE_CONSUMER_KEY, NETSUITE_CERTIFICATE_ID, publicKey);
  fake.setAccounts(NETSUITE_ACCOUNT_ID, [
    { id: '11', acctnumber: '1190', accttype: 'Bank', name: 'NetSuite Operating Account' },
    { id: '12', acctnumber: '4590', accttype: 'Income', name: NETSUITE_REVENUE },
  ]);
  fake.putTransaction(NETSUITE_ACCOUNT_ID, {
    id: NETSUITE_TRANSACTION,
    tranid: 'INV-7301',
    trandate: new Date().toISOString().slice(0, 10),
    lines: [
      { line: 0, account: '11', debit: NETSUITE_AMOUNT, memo: NETSUITE_MEMO },
      { line: 1, account: '12', credit: NETSUITE_AMOUNT, memo: NETSUITE_MEMO },
    ],
  });
  return privateKey;
}
