import type { FastifyBaseLogger } from 'fastify';
import {
  accountingMessages,
  intacctMessages,
  type IntacctAccount,
  type IntacctCreateBody,
} from '@finboard/shared/accounting';
import { AppError, badRequest, internalError } from '../../errors.ts';
import { IntacctError, type IntacctClient, type IntacctCredentials } from '../../platform/intacct/intacct-client.ts';
import type { AccountingService } from './accounting.service.ts';

export type IntacctService = ReturnType<typeof createIntacctService>;

/**
 * Sage Intacct connections (issue 12, system B): the Add Connection form's sender and user credentials are
 * tried with getAPISession before anything is stored; a refusal says which credential Intacct refused (the
 * sender, the sender's authorization for the company, or the user). Accepted, they are stored sealed.
 */
export function createIntacctService(deps: {
  client: IntacctClient;
  accounting: AccountingService;
  logger: FastifyBaseLogger;
}) {
  const { client, accounting, logger } = deps;

  async function create(organizationId: string, body: IntacctCreateBody): Promise<IntacctAccount> {
    const credentials: IntacctCredentials = {
      senderId: body.intacctSenderID,
      senderPassword: body.intacctSenderPassword,
      userId: body.intacctUserID,
      userPassword: body.intacctUserPassword,
      companyId: body.intacctCompanyID,
    };
    try {
      await client.openSession(credentials);
    } catch (error) {
      if (!(error instanceof IntacctError)) throw error;
      // Only Intacct's words reach the log, never what was sent.
      logger.warn({ err: { message: error.message }, organizationId }, 'Sage Intacct refused a new connection');
      throw refusal(error);
    }
    const account = await accounting.saveConnection(
      organizationId,
      'intacct',
      // getAPISession names no company: the card shows the company ID the user gave.
      { externalId: credentials.companyId, companyName: credentials.companyId },
      credentials,
    );
    return { ...account, companyId: credentials.companyId };
  }

  return {
    create: async (organizationId: string, body: IntacctCreateBody) => {
      try {
        return await create(organizationId, body);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw internalError('INTACCT_CREATE_FAILED', accountingMessages.intacctCreateFailed, error);
      }
    },

    list: async (organizationId: string): Promise<IntacctAccount[]> =>
      (await accounting.listConnections(organizationId, 'intacct', accountingMessages.intacctFetchFailed)).map(
        ({ externalId, ...account }) => ({ ...account, companyId: externalId }),
      ),
  };
}

function refusal(error: IntacctError): AppError {
  switch (error.kind) {
    case 'sender':
      return badRequest('INTACCT_SENDER_REFUSED', intacctMessages.senderRefused);
    case 'sender_not_authorized':
      return badRequest('INTACCT_SENDER_NOT_AUTHORIZED', intacctMessages.senderNotAuthorized);
    case 'user':
    case 'session':
      return badRequest('INTACCT_USER_REFUSED', intacctMessages.userRefused);
    case 'unavailable':
      return new AppError(502, 'INTACCT_UNAVAILABLE', intacctMessages.unreachable);
    default:
      return new AppError(502, 'INTACCT_CREATE_FAILED', accountingMessages.intacctCreateFailed);
  }
}
