import type { FastifyBaseLogger } from 'fastify';
import {
  accountingMessages,
  netsuiteMessages,
  type AccountingAccount,
  type NetsuiteAccount,
  type NetsuiteCreateBody,
  type SyncRun,
} from '@finboard/shared/accounting';
import { AppError, badRequest, internalError, notFound } from '../../errors.ts';
import {
  NetsuiteError,
  netsuiteHostId,
  netsuitePrivateKey,
  type NetsuiteClient,
  type NetsuiteCredentials,
} from '../../platform/netsuite/netsuite-client.ts';
import type { AccountingService } from './accounting.service.ts';

export type NetsuiteService = ReturnType<typeof createNetsuiteService>;

const asNetsuite = ({ externalId, ...account }: AccountingAccount & { externalId: string }): NetsuiteAccount => ({
  ...account,
  account_id: externalId,
});

/**
 * NetSuite connections (issue 12, system C): the organization's integration record (consumer key) and the
 * certificate mapped on it (certificate id and private key). Adding one proves it by getting a token before
 * anything is stored; the private key is sealed with the other credentials and never answered.
 */
export function createNetsuiteService(deps: {
  client: NetsuiteClient;
  accounting: AccountingService;
  logger: FastifyBaseLogger;
}) {
  const { client, accounting, logger } = deps;

  async function create(organizationId: string, body: NetsuiteCreateBody): Promise<NetsuiteAccount> {
    const credentials: NetsuiteCredentials = {
      accountId: body.account_id,
      consumerKey: body.consumer_key,
      certificateId: body.certificate_id,
      privateKey: body.certificate_private_key,
    };
    try {
      netsuitePrivateKey(credentials.privateKey);
      await client.token(credentials);
    } catch (error) {
      throw refusal(error, organizationId);
    }
    try {
      const saved = await accounting.saveConnection(
        organizationId,
        'netsuite',
        // The account as NetSuite names its host: `123456_SB1` and `123456-sb1` are one account.
        { externalId: netsuiteHostId(credentials.accountId), companyName: null },
        credentials,
      );
      return { ...saved, account_id: netsuiteHostId(credentials.accountId) };
    } catch (error) {
      throw internalError('NETSUITE_CREATE_FAILED', accountingMessages.netsuiteCreateFailed, error);
    }
  }

  /** What the form shows when NetSuite says no; the general failure for anything else (details in the log). */
  function refusal(error: unknown, organizationId: string): AppError {
    if (!(error instanceof NetsuiteError))
      return internalError('NETSUITE_CREATE_FAILED', accountingMessages.netsuiteCreateFailed, error);
    // Only NetSuite's words reach the log: never the key nor the assertion.
    logger.warn({ err: { message: error.message }, organizationId }, 'NetSuite connection refused');
    switch (error.kind) {
      case 'bad_key':
        return badRequest('NETSUITE_BAD_KEY', netsuiteMessages.badPrivateKey, [
          { msg: netsuiteMessages.badPrivateKey, path: 'certificate_private_key' },
        ]);
      case 'unknown_account':
        return badRequest('NETSUITE_UNKNOWN_ACCOUNT', netsuiteMessages.unknownAccount, [
          { msg: netsuiteMessages.unknownAccount, path: 'account_id' },
        ]);
      case 'assertion_refused':
        return badRequest('NETSUITE_ASSERTION_REFUSED', netsuiteMessages.assertionRefused);
      default:
        return new AppError(502, 'NETSUITE_CREATE_FAILED', accountingMessages.netsuiteCreateFailed);
    }
  }

  async function list(organizationId: string): Promise<NetsuiteAccount[]> {
    return (await accounting.listConnections(organizationId, 'netsuite', accountingMessages.fetchAccountsFailed)).map(
      asNetsuite,
    );
  }

  /** The connection with its latest run (what the card shows while a sync works). */
  async function account(organizationId: string, id: string): Promise<NetsuiteAccount & { lastRun: SyncRun | null }> {
    const found = (await list(organizationId)).find((connection) => connection.id === id);
    if (!found) throw notFound(accountingMessages.connectionNotFound);
    const runs = await accounting.listRuns(organizationId);
    return { ...found, lastRun: runs.find((run) => run.connectionId === id) ?? null };
  }

  return {
    create,
    list,
    account: async (organizationId: string, id: string) => {
      try {
        return await account(organizationId, id);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw internalError('NETSUITE_FETCH_FAILED', netsuiteMessages.fetchAccountFailed, error);
      }
    },
  };
}
