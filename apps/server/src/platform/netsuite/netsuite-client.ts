import { createPrivateKey, type KeyObject } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSigner } from 'fast-jwt';
import { createLimiter, type Limiter } from '../concurrency/limiter.ts';
import { fetchWithTimeout } from '../http/fetch-with-timeout.ts';

/**
 * NetSuite's REST web services over the real protocol (docs/integrations.md §4): OAuth 2.0 client credentials
 * (M2M) with a JWT client assertion signed PS256 by the certificate's private key (kid = the certificate id,
 * aud = the token URL, exp = iat + 1 h at most, scope `rest_webservices`), then SuiteQL with `Prefer:
 * transient`, limit/offset paging while `hasMore`. NetSuite issues no refresh token: a new assertion gets a new
 * access token. Requests to one account are kept under a concurrency limit (it is account-wide, shared with
 * the account's other integrations); a 429 is waited out with a doubling wait and retried, the caller told.
 */
export interface NetsuiteSettings {
  /** `https://{accountId}.suitetalk.api.netsuite.com`, or a fake's address (with or without `{accountId}`). */
  baseUrl: string;
  /** First wait after a 429; doubled at each retry. */
  rateLimitWaitMs: number;
  /** 429s in a row before a call gives up. */
  maxRateLimitRetries: number;
  /** Requests at once to one account. */
  maxConcurrency: number;
}

/** What a connection keeps (sealed): the integration's consumer key and its mapped certificate. */
export interface NetsuiteCredentials {
  accountId: string;
  consumerKey: string;
  certificateId: string;
  /** PEM. */
  privateKey: string;
}

export interface NetsuiteToken {
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

export const NETSUITE_SCOPE = 'rest_webservices';
/** The largest SuiteQL page. */
export const SUITEQL_PAGE_SIZE = 1000;
/** SuiteQL serves no row past this one of a query (without SuiteAnalytics Connect). */
export const SUITEQL_ROW_CAP = 100_000;
/** NetSuite accepts assertions that live an hour at most; ours live five minutes. */
const ASSERTION_LIFETIME_S = 300;
const REQUEST_TIMEOUT_MS = 120_000;

export type NetsuiteErrorKind =
  | 'bad_key'
  | 'unknown_account'
  | 'assertion_refused'
  | 'authentication'
  | 'authorization'
  | 'rate_limited'
  | 'row_cap'
  | 'invalid_query'
  | 'unavailable'
  | 'other';

export class NetsuiteError extends Error {
  constructor(
    readonly kind: NetsuiteErrorKind,
    /** HTTP status (0: no answer). */
    readonly status: number,
    /** NetSuite's own words: the OAuth error, or the o:errorDetails' codes and details. */
    readonly reason: string,
  ) {
    super(`NetSuite answered ${status}: ${reason}`);
    this.name = 'NetsuiteError';
  }
}

export type SuiteqlRow = Record<string, string | number | boolean | null>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Called before each wait after a 429, with the attempt number (1-based). */
  onRateLimited?: (attempt: number, waitMs: number) => void | Promise<void>;
  /** Called when a call is retried after a wait. */
  onRetry?: () => void | Promise<void>;
}

/** The account id as NetSuite writes it in host names: lower case, `_` → `-` (`123456_SB1` → `123456-sb1`). */
export const netsuiteHostId = (accountId: string) => accountId.trim().toLowerCase().replaceAll('_', '-');

/** The private key of a PEM text; a NetsuiteError `bad_key` unless it is an RSA private key (PS256 needs one). */
export function netsuitePrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new NetsuiteError('bad_key', 0, 'not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'rsa-pss')
    throw new NetsuiteError('bad_key', 0, `a ${key.asymmetricKeyType ?? 'unknown'} key, not RSA`);
  return key;
}

export type NetsuiteClient = ReturnType<typeof createNetsuiteClient>;

export function createNetsuiteClient(settings: NetsuiteSettings) {
  const limits = new Map<string, Limiter>();
  const limiterOf = (accountId: string) => {
    const host = netsuiteHostId(accountId);
    let limiter = limits.get(host);
    if (!limiter) limits.set(host, (limiter = createLimiter(settings.maxConcurrency)));
    return limiter;
  };

  const baseOf = (accountId: string) =>
    settings.baseUrl.replaceAll('{accountId}', netsuiteHostId(accountId)).replace(/\/$/, '');
  const tokenUrlOf = (accountId: string) => `${baseOf(accountId)}/services/rest/auth/oauth2/v1/token`;

  /** A new access token for a new signed assertion (NetSuite issues no refresh token). */
  async function token(credentials: NetsuiteCredentials, signal?: AbortSignal): Promise<NetsuiteToken> {
    const key = netsuitePrivateKey(credentials.privateKey);
    const tokenUrl = tokenUrlOf(credentials.accountId);
    const sign = createSigner({
      key: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
      algorithm: 'PS256',
      kid: credentials.certificateId,
      iss: credentials.consumerKey,
      aud: tokenUrl,
      expiresIn: ASSERTION_LIFETIME_S * 1000,
    });
    // A string, not an array: the safe reading of Oracle's samples (docs/integrations.md §4.1).
    const assertion = sign({ scope: NETSUITE_SCOPE });
    const response = await limiterOf(credentials.accountId).run(() =>
      send(tokenUrl, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        }),
        signal,
      }),
    );
    const payload = (await readJson(response)) as Record<string, unknown> | undefined;
    if (response.ok && typeof payload?.access_token === 'string')
      return {
        accessToken: payload.access_token,
        expiresAt: Date.now() + Number(payload.expires_in ?? 3600) * 1000,
      };
    // An account NetSuite does not have answers 404 (or no host at all: `unavailable` from send).
    if (response.status === 404) throw new NetsuiteError('unknown_account', 404, 'no such account');
    if (response.status === 429) throw new NetsuiteError('rate_limited', 429, 'rate limit exceeded');
    if (response.status >= 500) throw new NetsuiteError('unavailable', response.status, `HTTP ${response.status}`);
    const error = typeof payload?.error === 'string' ? payload.error : `HTTP ${response.status}`;
    throw new NetsuiteError(
      'assertion_refused',
      response.status,
      [error, payload?.error_description].filter(Boolean).join(': '),
    );
  }

  /** One SuiteQL page, with 429s waited out. */
  async function page(
    accountId: string,
    accessToken: string,
    q: string,
    offset: number,
    limit: number,
    options: CallOptions,
  ): Promise<{ items: SuiteqlRow[]; hasMore: boolean; count: number; totalResults: number | undefined }> {
    const url = `${baseOf(accountId)}/services/rest/query/v1/suiteql?limit=${limit}&offset=${offset}`;
    for (let attempt = 1; ; attempt += 1) {
      const response = await limiterOf(accountId).run(() =>
        send(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            accept: 'application/json',
            'content-type': 'application/json',
            // The results are not kept on NetSuite's side for later pages: each page is its own query.
            prefer: 'transient',
          },
          body: JSON.stringify({ q }),
          signal: options.signal,
        }),
      );
      const payload = (await readJson(response)) as Record<string, unknown> | undefined;
      if (response.ok && payload && Array.isArray(payload.items)) {
        const items = (payload.items as Record<string, unknown>[]).map(({ links: _links, ...row }) => row);
        return {
          items: items as SuiteqlRow[],
          hasMore: payload.hasMore === true,
          count: typeof payload.count === 'number' ? payload.count : items.length,
          totalResults: typeof payload.totalResults === 'number' ? payload.totalResults : undefined,
        };
      }
      const error = errorOf(response.status, payload);
      const waitMs = settings.rateLimitWaitMs * 2 ** (attempt - 1);
      if (error.kind !== 'rate_limited' || attempt > settings.maxRateLimitRetries) throw error;
      await options.onRateLimited?.(attempt, waitMs);
      await sleep(waitMs, undefined, { signal: options.signal });
      await options.onRetry?.();
    }
  }

  /**
   * Every row of a SuiteQL query (it must hold a unique ORDER BY, so pages are stable), page after page while
   * NetSuite says `hasMore`. A query with more rows than SuiteQL serves fails with `row_cap` before any page
   * past the first is read: the caller narrows it.
   */
  async function queryAll(
    accountId: string,
    accessToken: string,
    q: string,
    options: CallOptions & { pageSize?: number } = {},
  ): Promise<SuiteqlRow[]> {
    const limit = Math.min(options.pageSize ?? SUITEQL_PAGE_SIZE, SUITEQL_PAGE_SIZE);
    const rows: SuiteqlRow[] = [];
    for (let offset = 0; ;) {
      const result = await page(accountId, accessToken, q, offset, limit, options);
      if (offset === 0 && result.totalResults !== undefined && result.totalResults > SUITEQL_ROW_CAP)
        throw new NetsuiteError('row_cap', 400, `${result.totalResults} rows, more than ${SUITEQL_ROW_CAP}`);
      rows.push(...result.items);
      if (!result.hasMore || result.count === 0) return rows;
      offset += result.count;
    }
  }

  return { token, queryAll, tokenUrlOf };
}

/** A NetSuite error body (`o:errorDetails`) or failing status as an error of ours. */
function errorOf(status: number, payload: Record<string, unknown> | undefined): NetsuiteError {
  const details = (payload?.['o:errorDetails'] ?? []) as { detail?: string; 'o:errorCode'?: string }[];
  const codes = details.map((detail) => detail['o:errorCode'] ?? '');
  const reason =
    details.map((detail) => [detail['o:errorCode'], detail.detail].filter(Boolean).join(': ')).join('; ') ||
    (typeof payload?.title === 'string' ? payload.title : `HTTP ${status}`);
  if (status === 429 || codes.includes('CONCURRENCY_LIMIT_EXCEEDED'))
    return new NetsuiteError('rate_limited', status, reason);
  if (status === 401 || codes.includes('INVALID_LOGIN')) return new NetsuiteError('authentication', status, reason);
  if (status === 403 || codes.includes('INSUFFICIENT_PERMISSION'))
    return new NetsuiteError('authorization', status, reason);
  if (status >= 500) return new NetsuiteError('unavailable', status, reason);
  if (status === 400 && /100,?000/.test(reason)) return new NetsuiteError('row_cap', status, reason);
  if (status === 400) return new NetsuiteError('invalid_query', status, reason);
  return new NetsuiteError('other', status, reason);
}

const send = (url: string, init: RequestInit & { signal?: AbortSignal }) =>
  fetchWithTimeout(
    url,
    init,
    REQUEST_TIMEOUT_MS,
    (error) => new NetsuiteError('unavailable', 0, (error as Error).message),
  );

async function readJson(response: Response): Promise<unknown> {
  const body = await response.text();
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined;
  }
}
