import type { FastifyBaseLogger } from 'fastify';
import {
  accountingMessages,
  type QuickbooksCallbackErrorReason,
  type QuickbooksCallbackOutcome,
} from '@finboard/shared/accounting';
import type { Role } from '@finboard/shared/constants';
import { AppError, internalError } from '../../errors.ts';
import { generateToken, hashToken } from '../../platform/crypto/tokens.ts';
import type { Principal } from '../../principal.ts';
import type { QuickbooksClient } from '../../platform/quickbooks/quickbooks-client.ts';
import { OtherCompanyError, type AccountingService } from './accounting.service.ts';
import type { OauthStatesRepository } from './oauth-states.repository.ts';

/** How long a Connect link may take to come back from Intuit. */
const STATE_TTL_MS = 10 * 60 * 1000;

/** Administrators learn what to set; organization users never see server configuration. */
const notConfigured = (role: Role) =>
  new AppError(
    503,
    'QUICKBOOKS_NOT_CONFIGURED',
    role === 'admin' ? accountingMessages.quickbooksNotConfigured : accountingMessages.quickbooksNotEnabled,
  );

export type QuickbooksService = ReturnType<typeof createQuickbooksService>;

/**
 * QuickBooks Online connections (issue 12, system A): Connect answers Intuit's authorization URL with a
 * random `state` whose hash is stored with the organization, the user and whether they chose to replace the
 * connected company (10 minutes). The callback consumes the state (it works once), refuses another company
 * than the connected one unless the person chose to replace it, trades the code for tokens, reads the
 * company's name and stores the connection with its tokens sealed.
 */
export function createQuickbooksService(deps: {
  client: Pick<QuickbooksClient, 'authorizeUrl' | 'exchangeCode' | 'queryAll'> | undefined;
  accounting: Pick<AccountingService, 'connectedCompany' | 'saveConnection'>;
  states: Pick<OauthStatesRepository, 'issue' | 'consume'>;
  logger: FastifyBaseLogger;
}) {
  const { client, accounting, states, logger } = deps;

  async function connect(organizationId: string, user: Pick<Principal, 'id' | 'role'>, replaceCompany: boolean) {
    if (!client) throw notConfigured(user.role);
    const userId = user.id;
    const state = generateToken();
    await states.issue({
      nonceHash: hashToken(state),
      purpose: 'quickbooks',
      organizationId,
      userId,
      replaceCompany,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return { authorizeUrl: client.authorizeUrl(state) };
  }

  /** Where the browser goes back to: /apps, saying how it went (and for which organization, once the state is good). */
  async function callback(query: { code?: string; state?: string; realmId?: string; error?: string }): Promise<string> {
    const back = (
      outcome: QuickbooksCallbackOutcome,
      organizationId?: string,
      reason?: QuickbooksCallbackErrorReason,
    ) =>
      `/apps?${new URLSearchParams({
        quickbooks: outcome,
        ...(reason && { reason }),
        ...(organizationId && { organization: organizationId }),
      }).toString()}`;
    const refused = (reason: QuickbooksCallbackErrorReason, organizationId?: string) => {
      logger.warn({ organizationId, reason }, 'QuickBooks callback refused: nothing changed');
      return back('error', organizationId, reason);
    };
    if (!client) return back('failed');
    let organizationId: string | undefined;
    try {
      // Spent before anything else is read or traded: a second callback with it, from anyone, changes nothing.
      const issued = query.state ? await states.consume(hashToken(query.state), 'quickbooks') : undefined;
      if (!issued) return refused('state');
      organizationId = issued.organizationId;
      if (query.error || !query.code || !query.realmId) return back('declined', organizationId);
      const keepCompany = !issued.replaceCompany;
      // Refused before the code is traded; saveConnection checks again under the row's lock.
      const connected = keepCompany ? await accounting.connectedCompany(organizationId, 'quickbooks') : undefined;
      if (connected !== undefined && connected !== query.realmId) return refused('company', organizationId);
      const tokens = await client.exchangeCode(query.code);
      const company = await client.queryAll<{ CompanyName?: string }>(
        query.realmId,
        tokens.accessToken,
        'CompanyInfo',
        undefined,
      );
      await accounting.saveConnection(
        organizationId,
        'quickbooks',
        { externalId: query.realmId, companyName: company.rows[0]?.CompanyName ?? null },
        tokens,
        { keepCompany },
      );
      return back('connected', organizationId);
    } catch (error) {
      if (error instanceof OtherCompanyError) return refused('company', organizationId);
      // The code and tokens never reach the log: only what QuickBooks said.
      logger.warn({ err: { message: (error as Error).message }, organizationId }, 'QuickBooks connection failed');
      return back('failed', organizationId);
    }
  }

  return {
    configured: () => client !== undefined,
    connect: async (organizationId: string, user: Pick<Principal, 'id' | 'role'>, replaceCompany = false) => {
      try {
        return await connect(organizationId, user, replaceCompany);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw internalError('QUICKBOOKS_CONNECT_FAILED', accountingMessages.connectFailed, error);
      }
    },
    callback,
  };
}
