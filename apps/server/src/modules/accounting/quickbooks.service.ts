import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import { accountingMessages, type QuickbooksCallbackOutcome } from '@finboard/shared/accounting';
import { AppError, internalError } from '../../errors.ts';
import type { QuickbooksClient } from '../../platform/quickbooks/quickbooks-client.ts';
import type { AccountingService } from './accounting.service.ts';

/** Purpose of the key that signs the OAuth `state` (secret-key.ts deriveKey). */
export const QUICKBOOKS_STATE_PURPOSE = 'quickbooks-oauth-state';
/** How long a Connect link may take to come back from Intuit. */
const STATE_TTL_SECONDS = 10 * 60;
const STATE_AUDIENCE = 'quickbooks-callback';

const notConfigured = () => new AppError(503, 'QUICKBOOKS_NOT_CONFIGURED', accountingMessages.quickbooksNotConfigured);

export type QuickbooksService = ReturnType<typeof createQuickbooksService>;

/**
 * QuickBooks Online connections (issue 12, system A): Connect answers Intuit's authorization URL with a
 * signed `state` naming the organization and the user (10 minutes); the callback checks it, trades the
 * code for tokens, reads the company's name and stores the connection with its tokens sealed.
 */
export function createQuickbooksService(deps: {
  client: QuickbooksClient | undefined;
  accounting: AccountingService;
  stateKey: Uint8Array;
  logger: FastifyBaseLogger;
}) {
  const { client, accounting, logger } = deps;
  const key = Buffer.from(deps.stateKey);
  const signState = createSigner({ key, algorithm: 'HS256', aud: STATE_AUDIENCE, expiresIn: STATE_TTL_SECONDS * 1000 });
  const verifyState = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedAud: STATE_AUDIENCE,
    requiredClaims: ['org', 'exp'],
  });

  function connect(organizationId: string, userId: string): { authorizeUrl: string } {
    if (!client) throw notConfigured();
    // The nonce makes every link different; the signature and expiry make it unforgeable and short-lived.
    const state = signState({ org: organizationId, sub: userId, nonce: randomBytes(12).toString('base64url') });
    return { authorizeUrl: client.authorizeUrl(state) };
  }

  /** Where the browser goes back to: /apps, saying how it went (and for which organization, once the state is good). */
  async function callback(query: { code?: string; state?: string; realmId?: string; error?: string }): Promise<string> {
    const back = (outcome: QuickbooksCallbackOutcome, organizationId?: string) =>
      `/apps?${new URLSearchParams({ quickbooks: outcome, ...(organizationId && { organization: organizationId }) }).toString()}`;
    if (!client) return back('failed');
    let organizationId: string;
    try {
      organizationId = (verifyState(query.state ?? '') as { org: string }).org;
    } catch {
      return back('expired');
    }
    if (query.error || !query.code || !query.realmId) return back('declined', organizationId);
    try {
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
      );
      return back('connected', organizationId);
    } catch (error) {
      // The code and tokens never reach the log: only what QuickBooks said.
      logger.warn({ err: { message: (error as Error).message }, organizationId }, 'QuickBooks connection failed');
      return back('failed', organizationId);
    }
  }

  return {
    configured: () => client !== undefined,
    connect: (organizationId: string, userId: string) => {
      try {
        return connect(organizationId, userId);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw internalError('QUICKBOOKS_CONNECT_FAILED', accountingMessages.connectFailed, error);
      }
    },
    callback,
  };
}
