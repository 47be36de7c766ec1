import { setTimeout as sleep } from 'node:timers/promises';
import { fetchWithTimeout } from '../http/fetch-with-timeout.ts';

/**
 * QuickBooks Online over its real protocol (docs/integrations.md §2): OAuth 2.0 authorization code with
 * client_secret_basic, refresh tokens that rotate, and the Accounting API's query endpoint with
 * `minorversion=75` and 1-based STARTPOSITION/MAXRESULTS paging. A Fault body is an error whatever the HTTP
 * status (Intuit answers some with 200). A 429 (code 3001) is waited out and retried; the caller is told.
 */
export interface QuickbooksSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** https://sandbox-quickbooks.api.intuit.com, https://quickbooks.api.intuit.com, or a fake's address. */
  apiUrl: string;
  redirectUri: string;
  /** How long a 429 is waited out (Intuit asks for 60 s). */
  rateLimitWaitMs: number;
  /** 429s in a row before a call gives up. */
  maxRateLimitRetries: number;
}

export const QUICKBOOKS_SCOPE = 'com.intuit.quickbooks.accounting';
export const QUICKBOOKS_MINOR_VERSION = '75';
/** The largest page Intuit serves. */
export const QUICKBOOKS_PAGE_SIZE = 1000;
const REQUEST_TIMEOUT_MS = 60_000;

export interface QuickbooksTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms. */
  accessExpiresAt: number;
}

export type QuickbooksErrorKind =
  'invalid_grant' | 'authentication' | 'authorization' | 'rate_limited' | 'validation' | 'unavailable' | 'other';

export class QuickbooksError extends Error {
  constructor(
    readonly kind: QuickbooksErrorKind,
    /** HTTP status (0: no answer). */
    readonly status: number,
    /** Intuit's own words: the Fault's code, message and detail, or the OAuth error. */
    readonly reason: string,
  ) {
    super(`QuickBooks answered ${status}: ${reason}`);
    this.name = 'QuickbooksError';
  }
}

export interface QueryPage<T> {
  rows: T[];
  /** The `time` QuickBooks stamped on the answer (its own clock). */
  time: string | undefined;
}

/** A changed object of a CDC answer; a deleted one has only its Id, `status: 'Deleted'` and MetaData. */
export interface CdcObject {
  Id: string;
  status?: string;
  TxnDate?: string;
  [field: string]: unknown;
}

/** One cell of a report row: its text and, for names and transactions, the object's id. */
export interface QboReportCell {
  value?: string;
  id?: string;
}

/** A report row: a Data row (cells) or a Section nesting rows, with a Header and a Summary. */
export interface QboReportRow {
  type?: 'Data' | 'Section';
  ColData?: QboReportCell[];
  Header?: { ColData?: QboReportCell[] };
  Rows?: { Row?: QboReportRow[] };
}

export interface QboReport {
  Header?: { Option?: { Name?: string; Value?: string }[] };
  Columns?: { Column?: { ColTitle?: string; ColType?: string; MetaData?: { Name?: string; Value?: string }[] }[] };
  Rows?: { Row?: QboReportRow[] };
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Called before each wait after a 429, with the attempt number (1-based). */
  onRateLimited?: (attempt: number, waitMs: number) => void | Promise<void>;
  /** Called when a call is retried after a wait. */
  onRetry?: () => void | Promise<void>;
}

export type QuickbooksClient = ReturnType<typeof createQuickbooksClient>;

export function createQuickbooksClient(settings: QuickbooksSettings) {
  const api = settings.apiUrl.replace(/\/$/, '');
  const basic = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;

  function authorizeUrl(state: string): string {
    const url = new URL(settings.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: settings.clientId,
      response_type: 'code',
      scope: QUICKBOOKS_SCOPE,
      redirect_uri: settings.redirectUri,
      state,
    }).toString();
    return url.toString();
  }

  async function tokenRequest(form: Record<string, string>, signal?: AbortSignal): Promise<QuickbooksTokens> {
    const response = await send(settings.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: basic,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form),
      signal,
    });
    const payload = (await readJson(response)) as Record<string, unknown> | undefined;
    if (!response.ok || typeof payload?.access_token !== 'string' || typeof payload.refresh_token !== 'string') {
      const error = typeof payload?.error === 'string' ? payload.error : `HTTP ${response.status}`;
      throw new QuickbooksError(
        error === 'invalid_grant' ? 'invalid_grant' : 'authentication',
        response.status,
        [error, payload?.error_description].filter(Boolean).join(': '),
      );
    }
    return {
      accessToken: payload.access_token,
      refreshToken: payload.refresh_token,
      accessExpiresAt: Date.now() + Number(payload.expires_in ?? 3600) * 1000,
    };
  }

  /** The callback's code for the first tokens. */
  const exchangeCode = (code: string, signal?: AbortSignal) =>
    tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUri }, signal);

  /** New tokens; the refresh token may have rotated: keep the newest. `invalid_grant`: reconnect. */
  const refresh = (refreshToken: string, signal?: AbortSignal) =>
    tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, signal);

  /** One GET of the Accounting API, with 429s waited out. */
  async function get(
    realmId: string,
    accessToken: string,
    path: string,
    query: Record<string, string>,
    options: CallOptions,
  ): Promise<Record<string, unknown>> {
    const url = `${api}/v3/company/${encodeURIComponent(realmId)}/${path}?${new URLSearchParams({
      ...query,
      minorversion: QUICKBOOKS_MINOR_VERSION,
    }).toString()}`;
    for (let attempt = 1; ; attempt += 1) {
      const response = await send(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: options.signal,
      });
      const payload = (await readJson(response)) as Record<string, unknown> | undefined;
      const error = faultOf(response.status, payload);
      if (!error) return payload!;
      if (error.kind !== 'rate_limited' || attempt > settings.maxRateLimitRetries) throw error;
      await options.onRateLimited?.(attempt, settings.rateLimitWaitMs);
      await sleep(settings.rateLimitWaitMs, undefined, { signal: options.signal });
      await options.onRetry?.();
    }
  }

  /**
   * Every row of `select` (a `SELECT * FROM Entity [WHERE …]` without paging), page by page: STARTPOSITION is
   * 1-based; a page shorter than MAXRESULTS is the last. An empty QueryResponse means no rows.
   */
  async function queryAll<T>(
    realmId: string,
    accessToken: string,
    entity: string,
    where: string | undefined,
    options: CallOptions & { pageSize?: number } = {},
  ): Promise<QueryPage<T>> {
    const pageSize = options.pageSize ?? QUICKBOOKS_PAGE_SIZE;
    const rows: T[] = [];
    let time: string | undefined;
    for (let start = 1; ; start += pageSize) {
      const statement = `SELECT * FROM ${entity}${where ? ` WHERE ${where}` : ''} STARTPOSITION ${start} MAXRESULTS ${pageSize}`;
      const payload = await get(realmId, accessToken, 'query', { query: statement }, options);
      time ??= typeof payload.time === 'string' ? payload.time : undefined;
      const page = ((payload.QueryResponse as Record<string, unknown> | undefined)?.[entity] ?? []) as T[];
      rows.push(...page);
      if (page.length < pageSize) return { rows, time };
    }
  }

  /** A report of the Reports API (`reports/{name}`), as QuickBooks answers it. */
  const report = (
    realmId: string,
    accessToken: string,
    name: string,
    parameters: Record<string, string>,
    options: CallOptions = {},
  ) => get(realmId, accessToken, `reports/${encodeURIComponent(name)}`, parameters, options) as Promise<QboReport>;

  /**
   * Change data capture: the objects of `entities` changed since `changedSince` (at most 30 days back), each in
   * full, deleted ones as `{ Id, status: 'Deleted' }`; at most 1000 per entity.
   */
  async function changes(
    realmId: string,
    accessToken: string,
    entities: readonly string[],
    changedSince: string,
    options: CallOptions = {},
  ): Promise<{ entities: Record<string, CdcObject[]>; time: string | undefined }> {
    const payload = await get(realmId, accessToken, 'cdc', { entities: entities.join(','), changedSince }, options);
    const found: Record<string, CdcObject[]> = {};
    for (const response of (payload.CDCResponse ?? []) as { QueryResponse?: Record<string, unknown>[] }[])
      for (const group of response.QueryResponse ?? [])
        for (const entity of entities)
          if (Array.isArray(group[entity])) (found[entity] ??= []).push(...(group[entity] as CdcObject[]));
    return { entities: found, time: typeof payload.time === 'string' ? payload.time : undefined };
  }

  return { authorizeUrl, exchangeCode, refresh, queryAll, report, changes };
}

/** The error a QuickBooks answer carries, if any: a Fault (on any status) or a failing status. */
function faultOf(status: number, payload: Record<string, unknown> | undefined): QuickbooksError | undefined {
  const fault = (payload?.Fault ?? payload?.fault) as
    { type?: string; Error?: { Message?: string; Detail?: string; code?: string }[] } | undefined;
  if (!fault && status >= 200 && status < 300 && payload) return undefined;
  const first = fault?.Error?.[0];
  const code = first?.code ?? '';
  const reason = first
    ? [code && `code ${code}`, first.Message, first.Detail].filter(Boolean).join(': ')
    : `HTTP ${status}`;
  const type = fault?.type ?? '';
  if (status === 429 || code === '3001') return new QuickbooksError('rate_limited', status, reason);
  if (status === 401 || type === 'AuthenticationFault' || code === '3200')
    return new QuickbooksError('authentication', status, reason);
  if (status === 403 || type === 'AuthorizationFault' || code === '3100')
    return new QuickbooksError('authorization', status, reason);
  if (status >= 500 || type === 'SystemFault') return new QuickbooksError('unavailable', status, reason);
  if (type === 'ValidationFault' || status === 400) return new QuickbooksError('validation', status, reason);
  return new QuickbooksError('other', status, reason);
}

const send = (url: string, init: RequestInit & { signal?: AbortSignal }) =>
  fetchWithTimeout(
    url,
    init,
    REQUEST_TIMEOUT_MS,
    (error) => new QuickbooksError('unavailable', 0, (error as Error).message),
  );

async function readJson(response: Response): Promise<unknown> {
  const body = await response.text();
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined;
  }
}
