import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';
import { multilineText, text } from './validation.ts';

/**
 * Accounting connections (issue 12; spec §2 /apps, §3 accounting account, §4, §7 "Accounting connections",
 * §8). Each system's ledger is synced into the organization's warehouse by a durable job, a sync run.
 */
export const ACCOUNTING_SYSTEMS = ['quickbooks', 'intacct', 'netsuite'] as const;
export type AccountingSystem = (typeof ACCOUNTING_SYSTEMS)[number];

export const ACCOUNTING_SYSTEM_NAMES: Record<AccountingSystem, string> = {
  quickbooks: 'QuickBooks Online',
  intacct: 'Sage Intacct',
  netsuite: 'NetSuite',
};

/** A stored connection's state; a system with no connection is "not connected" (the page's card says so). */
export const CONNECTION_STATUSES = ['connected', 'syncing', 'error', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Spec §8's sync states (system C's, used for all three). */
export const SYNC_STATUSES = [
  'started',
  'in_progress',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
  'retry',
  'max_retries',
  'partial_success',
  'no_data',
  'validation_failed',
  'insufficient_permissions',
  'rate_limit_exceeded',
] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
/** States a run never leaves. */
export const FINISHED_SYNC_STATUSES: readonly SyncStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
  'max_retries',
  'partial_success',
  'no_data',
  'validation_failed',
  'insufficient_permissions',
];

/** How often the page asks again while a sync is unfinished. */
export const SYNC_POLL_MS = 3000;

export const accountingMessages = {
  // Spec §8, exactly (system A = QuickBooks, B = Sage Intacct, C = NetSuite: ARCHITECTURE §2).
  statusFailed: 'Failed to update status',
  quickbooksSyncFailed: 'Failed to sync QuickBooks account',
  intacctCreateFailed: 'Failed to create Intacct account',
  intacctFetchFailed: 'Failed to fetch Intacct accounts',
  intacctUpdateFailed: 'Failed to update Intacct account',
  intacctSyncFailed: 'Failed to sync Intacct data',
  netsuiteCreateFailed: 'Failed to create NetSuite account',
  netsuiteSyncFailed: 'Failed to sync NetSuite data',
  // Successes the spec names without their text.
  connected: (system: string) => `${system} connected successfully`,
  syncStarted: 'Sync started successfully',
  accountAdded: 'Account added successfully',
  statusUpdated: 'Status updated successfully',
  // Ours.
  syncRunNotFound: 'Sync run not found',
  syncUndone: 'The sync was undone',
  fetchedAccounts: 'Accounts fetched successfully',
  fetchedRuns: 'Sync runs fetched successfully',
  fetchAccountsFailed: 'Failed to fetch accounts',
  fetchRunsFailed: 'Failed to fetch sync runs',
  connectFailed: 'Failed to connect QuickBooks',
  continueToQuickbooks: 'Continue to QuickBooks to connect',
  connectionNotFound: 'Connection not found',
  organizationRequired: 'Please select an organization or ensure you are properly logged in',
  /** For administrators only: organization users never see server configuration (quickbooksNotEnabled). */
  quickbooksNotConfigured:
    'QuickBooks is not configured: set QUICKBOOKS_CLIENT_ID, QUICKBOOKS_CLIENT_SECRET and QUICKBOOKS_ENVIRONMENT on the server',
  quickbooksNotEnabled: 'QuickBooks is not enabled on this Finboard yet — ask your administrator',
  reconnectQuickbooks: 'Reconnect QuickBooks',
  stateInvalid:
    'The QuickBooks sign-in link has expired, was already used or is not valid: nothing was changed. Connect again.',
  otherCompany:
    'QuickBooks sent back another company than the one this organization is connected to: nothing was changed. To connect that company instead, choose Connect a different company.',
  quickbooksDeclined: 'QuickBooks was not connected: access was declined on Intuit’s page',
  notConnected: 'This connection is disconnected: connect it again before syncing',
  alreadySyncing: 'A sync of this connection is already under way',
} as const;

/** What each run state says when the run itself has nothing more specific to tell (spec §8). */
export const syncStatusMessages: Record<SyncStatus, string> = {
  started: 'Sync started: waiting for its turn',
  in_progress: 'Sync in progress: reading the ledger',
  completed: 'Sync completed',
  failed: 'Sync failed',
  cancelled: 'Sync cancelled',
  timed_out: 'Sync timed out: nothing was loaded',
  retry: 'Retrying after a temporary failure',
  max_retries: 'Sync gave up after too many retries',
  partial_success: 'Sync partly completed',
  no_data: 'Nothing new since the last sync',
  validation_failed: 'The ledger did not pass validation: nothing was loaded',
  insufficient_permissions: 'The connected user lacks permission to read the ledger',
  rate_limit_exceeded: 'Rate limit exceeded: waiting before trying again',
};

export const SYNC_RUN_STATUS_LABELS: Record<SyncStatus, string> = {
  started: 'Started',
  in_progress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  timed_out: 'Timed out',
  retry: 'Retry',
  max_retries: 'Max retries',
  partial_success: 'Partial success',
  no_data: 'No data',
  validation_failed: 'Validation failed',
  insufficient_permissions: 'Insufficient permissions',
  rate_limit_exceeded: 'Rate limit exceeded',
};

const organizationId = z.uuid({ error: accountingMessages.organizationRequired });
const connectionId = z.uuid({ error: accountingMessages.connectionNotFound });

/** One sync run (issue 12: `data.runs`). */
export const syncRunSchema = z.object({
  id: z.uuid(),
  system: z.enum(ACCOUNTING_SYSTEMS),
  connectionId: z.uuid(),
  status: z.enum(SYNC_STATUSES),
  message: z.string(),
  accountsSynced: z.number().int(),
  linesSynced: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  queuedAt: z.string(),
  /** Undone: the warehouse as before the sync (by whom is in the audit trail). */
  undoneAt: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;
export const syncRunParamsSchema = z.object({ runId: z.uuid({ error: 'Sync run not found' }) });
export const syncRunResponseSchema = apiSuccessSchema(z.object({ run: syncRunSchema }));

export const syncRunsQuerySchema = z.object({ organization_id: organizationId });
export const syncRunsResponseSchema = apiSuccessSchema(z.object({ runs: z.array(syncRunSchema) }));

/** A connection as every system's list answers it (spec §3: id, status, last_synced, organization_id). */
export const accountingAccountSchema = z.object({
  id: z.uuid(),
  system: z.enum(ACCOUNTING_SYSTEMS),
  status: z.enum(CONNECTION_STATUSES),
  last_synced: z.string().nullable(),
  organization_id: z.uuid(),
  companyName: z.string().nullable(),
  /** Rows (accounts and GL lines) the syncs of this connection have written. */
  rowsSynced: z.number().int(),
  /** Why the connection is in error or disconnected. */
  message: z.string().nullable(),
});
export type AccountingAccount = z.infer<typeof accountingAccountSchema>;

// QuickBooks Online (system A)
export const quickbooksAccountSchema = accountingAccountSchema.extend({ realmId: z.string() });
export type QuickbooksAccount = z.infer<typeof quickbooksAccountSchema>;

/**
 * `replace_company`: the person chose to connect a different company than the one connected (Connect a
 * different company); without it the callback refuses any company but the connected one.
 */
export const quickbooksConnectBodySchema = z.object({
  organization_id: organizationId,
  replace_company: z.boolean().optional(),
});
export const quickbooksConnectResponseSchema = apiSuccessSchema(z.object({ authorizeUrl: z.string() }));

/** Intuit's redirect: `code`, `state`, `realmId`, or `error` when the user declined. */
export const quickbooksCallbackQuerySchema = z.object({
  code: text().max(2000).optional(),
  state: text().max(4000).optional(),
  realmId: text().max(100).optional(),
  error: text().max(200).optional(),
});

export const quickbooksAccountsQuerySchema = z.object({ organization_id: organizationId });
export const quickbooksAccountsResponseSchema = apiSuccessSchema(
  z.object({ accounts: z.array(quickbooksAccountSchema), configured: z.boolean() }),
);

/** How the OAuth callback went, as it tells /apps (`?quickbooks=`). */
export const QUICKBOOKS_CALLBACK_OUTCOMES = ['connected', 'declined', 'failed', 'error'] as const;
export type QuickbooksCallbackOutcome = (typeof QUICKBOOKS_CALLBACK_OUTCOMES)[number];
/**
 * Why the callback refused (`?quickbooks=error&reason=`), changing nothing: `state` — the sign-in link is
 * unknown, expired or already used (a state works once); `company` — QuickBooks sent another company than
 * the connected one, and the person had not chosen to replace it.
 */
export const QUICKBOOKS_CALLBACK_ERROR_REASONS = ['state', 'company'] as const;
export type QuickbooksCallbackErrorReason = (typeof QUICKBOOKS_CALLBACK_ERROR_REASONS)[number];

export const accountStatusParamsSchema = z.object({ id: connectionId });
/** Disconnect forgets the tokens; "connected" is accepted only while they are kept. */
export const accountStatusBodySchema = z.object({ accountStatus: z.enum(['connected', 'disconnected']) });
export const accountStatusResponseSchema = apiSuccessSchema(z.object({ account: accountingAccountSchema }));

export const quickbooksSyncBodySchema = z.object({ id: connectionId, organization_id: organizationId });
export const syncStartedResponseSchema = apiSuccessSchema(z.object({ runId: z.uuid() }));

// Sage Intacct (system B): XML Web Services with a sender (Web Services licence) and a company user.
export const intacctMessages = {
  senderRefused:
    'Sage Intacct refused the sender ID or sender password: check the Web Services sender credentials (they are case-sensitive)',
  senderNotAuthorized:
    'This sender ID is not authorized for the company: in Sage Intacct, an administrator adds it under Company > Setup > Security > Web Services authorizations',
  userRefused: 'Sage Intacct refused the user ID, user password or company ID: check the Web Services user',
  unreachable: 'Sage Intacct could not be reached: try again in a few minutes',
  reconnect: 'Sage Intacct no longer accepts the stored credentials: add the connection again',
  senderIdRequired: 'Please enter the sender ID',
  senderPasswordRequired: 'Please enter the sender password',
  userIdRequired: 'Please enter the user ID',
  userPasswordRequired: 'Please enter the user password',
  companyIdRequired: 'Please enter the company ID',
} as const;

const intacctField = (message: string) => text({ error: message }).trim().min(1, message).max(200);

/** Add Connection (spec §3 system B fields; ARCHITECTURE §2 names them). */
export const intacctCreateBodySchema = z.object({
  organization_id: organizationId,
  intacctUserID: intacctField(intacctMessages.userIdRequired),
  intacctUserPassword: text({ error: intacctMessages.userPasswordRequired })
    .min(1, intacctMessages.userPasswordRequired)
    .max(200),
  intacctSenderID: intacctField(intacctMessages.senderIdRequired),
  intacctSenderPassword: text({ error: intacctMessages.senderPasswordRequired })
    .min(1, intacctMessages.senderPasswordRequired)
    .max(200),
  intacctCompanyID: intacctField(intacctMessages.companyIdRequired),
});
export type IntacctCreateBody = z.infer<typeof intacctCreateBodySchema>;

/** A connection: never its credentials, only the company it reads. */
export const intacctAccountSchema = accountingAccountSchema.extend({ companyId: z.string() });
export type IntacctAccount = z.infer<typeof intacctAccountSchema>;

export const intacctCreateResponseSchema = apiSuccessSchema(z.object({ account: intacctAccountSchema }));
export const intacctAccountsQuerySchema = z.object({ organization_id: organizationId });
export const intacctAccountsResponseSchema = apiSuccessSchema(z.object({ accounts: z.array(intacctAccountSchema) }));
/** `GET /api/v1/intacct/data?id=` starts a sync of the connection. */
export const intacctSyncQuerySchema = z.object({ id: connectionId });

// NetSuite (system C): OAuth 2.0 client credentials with a certificate (docs/integrations.md §4)
export const netsuiteMessages = {
  badPrivateKey: 'The certificate private key is not an RSA private key in PEM format (BEGIN PRIVATE KEY)',
  unknownAccount: 'NetSuite does not know this Account ID: check it in Setup > Company > Company Information',
  assertionRefused:
    'NetSuite refused the certificate: check the Consumer Key, the Certificate ID and that the private key is the one of the certificate mapped on the integration',
  fetchAccountFailed: 'Failed to fetch NetSuite account',
  reconnect: 'NetSuite refused the certificate: add the connection again with a valid certificate',
  rowCapOnOneDay: 'NetSuite holds more than 100,000 journal lines on a single day: SuiteQL cannot page past that cap',
} as const;

/** NetSuite account ids: digits, or a sandbox's `123456_SB1` (letters, digits, `_` and `-`). */
const netsuiteAccountId = text({ error: 'Account ID is required' })
  .trim()
  .min(1, 'Account ID is required')
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Account ID is the NetSuite account number, e.g. 1234567 or 1234567_SB1');

export const netsuiteCreateBodySchema = z.object({
  organization_id: organizationId,
  account_id: netsuiteAccountId,
  consumer_key: text().trim().min(1, 'Consumer Key is required').max(200),
  certificate_id: text().trim().min(1, 'Certificate ID is required').max(200),
  // PEM: several lines.
  certificate_private_key: multilineText().trim().min(1, 'Certificate Private Key is required').max(20_000),
});
export type NetsuiteCreateBody = z.infer<typeof netsuiteCreateBodySchema>;

export const netsuiteAccountSchema = accountingAccountSchema.extend({ account_id: z.string() });
export type NetsuiteAccount = z.infer<typeof netsuiteAccountSchema>;

export const netsuiteCreateResponseSchema = apiSuccessSchema(z.object({ account: netsuiteAccountSchema }));
export const netsuiteAccountsQuerySchema = z.object({ organization_id: organizationId });
export const netsuiteAccountsResponseSchema = apiSuccessSchema(z.object({ accounts: z.array(netsuiteAccountSchema) }));

/** `GET /api/v1/netsuite/netsuiteAccount?id=&orgID=` (spec §7's names). */
export const netsuiteAccountQuerySchema = z.object({ id: connectionId, orgID: organizationId });
/** The connection with the state of its latest sync run (null before the first). */
export const netsuiteAccountResponseSchema = apiSuccessSchema(
  z.object({ account: netsuiteAccountSchema.extend({ lastRun: syncRunSchema.nullable() }) }),
);

export const netsuiteSyncParamsSchema = z.object({ id: connectionId });
