import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecoder, createVerifier } from 'fast-jwt';
import type { Config } from '../src/config/env.ts';

/**
 * A local NetSuite (OAuth 2.0 client credentials and SuiteQL) that speaks the documented protocol, for tests
 * (docs/integrations.md §4.5). Each account lives under its own path, `/{accountId}/services/rest/…` (the
 * real host is `{accountId}.suitetalk.api.netsuite.com`): NETSUITE_BASE_URL is `{url}/{accountId}`.
 * - `POST …/auth/oauth2/v1/token`: `grant_type=client_credentials` with a JWT client assertion it VERIFIES:
 *   `typ` JWT, `alg` PS256/384/512 or ES256/384/512 (RS256 and HS* refused), `kid` a certificate mapped on the
 *   integration of `iss` (the consumer key), the signature against that certificate's public key, `aud`
 *   exactly the token URL, `exp - iat` ≤ 3600 and not expired, `scope` holding `rest_webservices`. Refusals
 *   are OAuth errors (400 `invalid_request`/`invalid_grant`, 401 `invalid_client`); an unknown account 404.
 * - `POST …/query/v1/suiteql?limit&offset`: a Bearer token it issued and that has not expired (else 401 with
 *   `o:errorDetails` INVALID_LOGIN); `Prefer: transient` required; `limit` 1–1000; answers `links`, `count`,
 *   `hasMore`, `offset`, `totalResults` and `items` with lowercase keys and numbers as strings. It understands
 *   the queries of our connector (the chart of accounts, the date bounds, the posting lines of a date window,
 *   each optionally since a lastmodifieddate) and answers 400 with `o:errorDetails` for anything else. A lines
 *   query with more rows than the row cap (100,000; lowered by tests, so only the ledger's lines meet it, not
 *   the chart of accounts) fails once paging would pass the cap.
 * - More requests in flight to one account than its limit answer 429; `throttleNext` forces 429s.
 */
export interface FakeNetsuiteAccount {
  id: string;
  acctnumber?: string;
  accttype: string;
  name: string;
  parent?: string;
  isinactive?: boolean;
}

export interface FakeNetsuiteLine {
  line: number;
  account: string;
  debit?: number;
  credit?: number;
  memo?: string;
  subsidiary?: string;
  department?: string;
  entity?: string;
  /** False: a non-posting line (left out by `tal.posting = 'T'`). */
  posting?: boolean;
}

export interface FakeNetsuiteTransaction {
  id: string;
  tranid?: string;
  trandate: string;
  lines: FakeNetsuiteLine[];
}

interface Ledger {
  integrations: Map<string, Map<string, string>>; // consumer key → certificate id → public key PEM
  accounts: FakeNetsuiteAccount[];
  transactions: Map<string, { transaction: FakeNetsuiteTransaction; lastModified: string }>;
}

export interface NetsuiteFake {
  url: string;
  /** NETSUITE_BASE_URL for the server. */
  baseUrl: string;
  /** Every SuiteQL statement received, with its offset and limit. */
  queries: { q: string; offset: number; limit: number }[];
  /** Every assertion it accepted, decoded. */
  assertions: { header: Record<string, unknown>; payload: Record<string, unknown> }[];
  accessTokensIssued: string[];
  /** SuiteQL requests answered 429. */
  throttled: number;
  /** Requests without `Prefer: transient`. */
  missingPrefer: number;
  addAccount(accountId: string): void;
  /** Maps a certificate (its public key) on the integration of `consumerKey`. */
  mapCertificate(accountId: string, consumerKey: string, certificateId: string, publicKeyPem: string): void;
  /** Removes every certificate of the account (revoked). */
  revokeCertificates(accountId: string): void;
  setAccounts(accountId: string, accounts: FakeNetsuiteAccount[]): void;
  /** Adds or replaces a transaction; its lastmodifieddate is now (or `lastModified`). */
  putTransaction(accountId: string, transaction: FakeNetsuiteTransaction, lastModified?: string): void;
  /** Rows a query may have before paging past them fails (100,000 in NetSuite). */
  setRowCap(rows: number): void;
  /** At most this many items per page, whatever the limit asked (default: the limit). */
  setPageLimit(items: number | undefined): void;
  /** Requests at once to one account before 429. */
  setMaxInFlight(requests: number): void;
  /** The next `count` SuiteQL requests answer 429. */
  throttleNext(count: number): void;
  /** Lifetime of the access tokens it issues (default 3600 s). */
  setTokenLifetime(seconds: number): void;
  /** While true, every request answers 503 (NetSuite down for maintenance). */
  setUnavailable(unavailable: boolean): void;
  close(): Promise<void>;
}

const ALGORITHMS = ['PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'] as const;
const decode = createDecoder({ complete: true });

const errorBody = (status: number, title: string, code: string, detail: string) => ({
  type: `https://www.rfc-editor.org/rfc/rfc9110.html#section-15.${status === 429 ? '5.20' : '5.1'}`,
  title,
  status,
  'o:errorDetails': [{ detail, 'o:errorCode': code }],
});

/** NetSuite's clock as TO_CHAR(…, 'YYYY-MM-DD HH24:MI:SS') writes it. */
const clock = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export async function startNetsuiteFake(): Promise<NetsuiteFake> {
  const ledgers = new Map<string, Ledger>();
  const accessTokens = new Map<string, { account: string; expiresAt: number }>();
  const inFlight = new Map<string, number>();
  const fake = {
    queries: [] as NetsuiteFake['queries'],
    assertions: [] as NetsuiteFake['assertions'],
    accessTokensIssued: [] as string[],
    throttled: 0,
    missingPrefer: 0,
  };
  let rowCap = 100_000;
  let pageLimit: number | undefined;
  let maxInFlight = 15;
  let forcedThrottles = 0;
  let tokenLifetimeSeconds = 3600;
  let unavailable = false;
  let url = '';

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  function token(account: string, body: URLSearchParams, response: http.ServerResponse) {
    const ledger = ledgers.get(account)!;
    const oauth = (status: number, error: string, description: string) =>
      json(response, status, { error, error_description: description });
    if (body.get('grant_type') !== 'client_credentials') return oauth(400, 'unsupported_grant_type', 'grant_type');
    if (body.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return oauth(400, 'invalid_request', 'client_assertion_type');
    const assertion = body.get('client_assertion') ?? '';
    let header: Record<string, unknown>;
    let payload: Record<string, unknown>;
    try {
      ({ header, payload } = decode(assertion) as {
        header: Record<string, unknown>;
        payload: Record<string, unknown>;
      });
    } catch {
      return oauth(400, 'invalid_request', 'client_assertion is not a JWT');
    }
    if (header.typ !== 'JWT') return oauth(400, 'invalid_request', 'typ must be JWT');
    if (!ALGORITHMS.includes(header.alg as (typeof ALGORITHMS)[number]))
      return oauth(400, 'invalid_request', `alg ${String(header.alg)} is not supported`);
    const certificates = ledger.integrations.get(String(payload.iss));
    if (!certificates) return oauth(401, 'invalid_client', 'unknown consumer key');
    const publicKey = certificates.get(String(header.kid));
    if (!publicKey) return oauth(400, 'invalid_grant', 'unknown certificate id (kid)');
    try {
      createVerifier({ key: publicKey, algorithms: [header.alg as (typeof ALGORITHMS)[number]] })(assertion);
    } catch {
      return oauth(400, 'invalid_grant', 'signature, expiry or claims refused');
    }
    const tokenUrl = `${url}/${account}/services/rest/auth/oauth2/v1/token`;
    if (payload.aud !== tokenUrl) return oauth(400, 'invalid_grant', 'aud is not the token endpoint');
    const iat = Number(payload.iat);
    const exp = Number(payload.exp);
    if (!Number.isFinite(iat) || !Number.isFinite(exp) || exp - iat > 3600)
      return oauth(400, 'invalid_grant', 'exp must be at most 60 minutes after iat');
    if (exp * 1000 < Date.now()) return oauth(400, 'invalid_grant', 'assertion expired');
    const scope = typeof payload.scope === 'string' ? payload.scope.split(',') : (payload.scope as string[]);
    if (!scope?.map((s) => s.trim()).includes('rest_webservices'))
      return oauth(400, 'invalid_scope', 'scope must include rest_webservices');
    fake.assertions.push({ header, payload });
    const accessToken = `ns-at-${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { account, expiresAt: Date.now() + tokenLifetimeSeconds * 1000 });
    fake.accessTokensIssued.push(accessToken);
    json(response, 200, { access_token: accessToken, expires_in: String(tokenLifetimeSeconds), token_type: 'bearer' });
  }

  /** The rows of one of the connector's queries; undefined for a query it does not understand. */
  function rowsOf(ledger: Ledger, q: string): Record<string, unknown>[] | undefined {
    const since = /t\.lastmodifieddate >= TO_TIMESTAMP\('([^']+)'/.exec(q)?.[1];
    const changed = [...ledger.transactions.values()].filter(({ lastModified }) => !since || lastModified >= since);
    if (/^SELECT a\.id, .* FROM account a ORDER BY a\.id$/.test(q))
      return [...ledger.accounts]
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((account) => ({
          id: account.id,
          acctnumber: account.acctnumber ?? null,
          accttype: account.accttype,
          name: account.name,
          parent: account.parent ?? null,
          isinactive: account.isinactive ? 'T' : 'F',
        }));
    if (/ FROM transaction t WHERE t\.posting = 'T'/.test(q)) {
      const dates = changed.map(({ transaction }) => transaction.trandate).sort();
      return [{ firstdate: dates[0] ?? null, lastdate: dates.at(-1) ?? null }];
    }
    const window = /t\.trandate >= TO_DATE\('([\d-]+)', 'YYYY-MM-DD'\) AND t\.trandate <= TO_DATE\('([\d-]+)'/.exec(q);
    if (
      / FROM transactionaccountingline tal /.test(q) &&
      window &&
      / ORDER BY tal\.transaction, tal\.transactionline$/.test(q)
    ) {
      const [, from, to] = window;
      return changed
        .filter(({ transaction }) => transaction.trandate >= from! && transaction.trandate <= to!)
        .sort((a, b) => Number(a.transaction.id) - Number(b.transaction.id))
        .flatMap(({ transaction, lastModified }) =>
          transaction.lines
            .filter((line) => line.posting !== false)
            .sort((a, b) => a.line - b.line)
            .map((line) => ({
              transaction: transaction.id,
              line: String(line.line),
              trandate: transaction.trandate,
              tranid: transaction.tranid ?? null,
              account: line.account,
              debit: line.debit === undefined ? null : String(line.debit),
              credit: line.credit === undefined ? null : String(line.credit),
              memo: line.memo ?? null,
              subsidiary: line.subsidiary ?? null,
              department: line.department ?? null,
              entity: line.entity ?? null,
              lastmodified: lastModified,
            })),
        );
    }
    return undefined;
  }

  function suiteql(account: string, request: http.IncomingMessage, rawBody: string, response: http.ServerResponse) {
    const ledger = ledgers.get(account)!;
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const issued = bearer ? accessTokens.get(bearer) : undefined;
    if (!issued || issued.account !== account || issued.expiresAt < Date.now())
      return json(response, 401, errorBody(401, 'Unauthorized', 'INVALID_LOGIN', 'Invalid login attempt.'));
    if (forcedThrottle() || (inFlight.get(account) ?? 0) > maxInFlight) {
      fake.throttled += 1;
      return json(
        response,
        429,
        errorBody(429, 'Too Many Requests', 'CONCURRENCY_LIMIT_EXCEEDED', 'Concurrent request limit exceeded.'),
      );
    }
    if (request.headers.prefer !== 'transient') {
      fake.missingPrefer += 1;
      return json(response, 400, errorBody(400, 'Bad Request', 'INVALID_PARAMETER', 'Prefer: transient is required.'));
    }
    const params = new URL(request.url!, 'http://fake').searchParams;
    const limit = Number(params.get('limit') ?? 1000);
    const offset = Number(params.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset) || offset < 0)
      return json(response, 400, errorBody(400, 'Bad Request', 'INVALID_PARAMETER', 'limit is 1 to 1000.'));
    let q: string;
    try {
      q = String((JSON.parse(rawBody) as { q?: unknown }).q ?? '');
    } catch {
      return json(response, 400, errorBody(400, 'Bad Request', 'INVALID_PARAMETER', 'The body is not JSON.'));
    }
    fake.queries.push({ q, offset, limit });
    const rows = rowsOf(ledger, q);
    if (!rows)
      return json(
        response,
        400,
        errorBody(
          400,
          'Bad Request',
          'INVALID_PARAMETER',
          `Invalid search query. Detailed unprocessed description: ${q}`,
        ),
      );
    const served = Math.min(limit, pageLimit ?? limit);
    if (/ FROM transactionaccountingline /.test(q) && rows.length > rowCap && offset + served > rowCap)
      return json(
        response,
        400,
        errorBody(
          400,
          'Bad Request',
          'INVALID_PARAMETER',
          'The query returned more than 100,000 rows: SuiteQL serves at most 100,000 rows of a query.',
        ),
      );
    const items = rows.slice(offset, offset + served);
    const base = `${url}/${account}/services/rest/query/v1/suiteql`;
    const hasMore = offset + items.length < rows.length;
    json(response, 200, {
      links: [
        { rel: 'self', href: `${base}?limit=${limit}&offset=${offset}` },
        ...(hasMore ? [{ rel: 'next', href: `${base}?limit=${limit}&offset=${offset + items.length}` }] : []),
      ],
      count: items.length,
      hasMore,
      offset,
      totalResults: rows.length,
      items: items.map((item) => ({ links: [], ...item })),
    });
  }

  function forcedThrottle(): boolean {
    if (forcedThrottles === 0) return false;
    forcedThrottles -= 1;
    return true;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/([^/]+)\/services\/rest\/(auth\/oauth2\/v1\/token|query\/v1\/suiteql)(\?.*)?$/.exec(
        request.url!,
      );
      const account = match?.[1];
      if (!match || request.method !== 'POST' || !account || !ledgers.has(account)) {
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end('<html><body>Not Found</body></html>');
        return;
      }
      if (unavailable) {
        response.writeHead(503, { 'content-type': 'text/html' });
        response.end('<html><body>Service Temporarily Unavailable</body></html>');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      inFlight.set(account, (inFlight.get(account) ?? 0) + 1);
      response.on('close', () => inFlight.set(account, inFlight.get(account)! - 1));
      if (match[2] === 'auth/oauth2/v1/token') token(account, new URLSearchParams(body), response);
      else suiteql(account, request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  const ledgerOf = (accountId: string) => ledgers.get(accountId.toLowerCase().replaceAll('_', '-'))!;
  return {
    url,
    baseUrl: `${url}/{accountId}`,
    get queries() {
      return fake.queries;
    },
    get assertions() {
      return fake.assertions;
    },
    get accessTokensIssued() {
      return fake.accessTokensIssued;
    },
    get throttled() {
      return fake.throttled;
    },
    get missingPrefer() {
      return fake.missingPrefer;
    },
    addAccount(accountId) {
      ledgers.set(accountId.toLowerCase().replaceAll('_', '-'), {
        integrations: new Map(),
        accounts: [],
        transactions: new Map(),
      });
    },
    mapCertificate(accountId, consumerKey, certificateId, publicKeyPem) {
      const { integrations } = ledgerOf(accountId);
      if (!integrations.has(consumerKey)) integrations.set(consumerKey, new Map());
      integrations.get(consumerKey)!.set(certificateId, publicKeyPem);
    },
    revokeCertificates(accountId) {
      for (const certificates of ledgerOf(accountId).integrations.values()) certificates.clear();
    },
    setAccounts(accountId, accounts) {
      ledgerOf(accountId).accounts = accounts;
    },
    putTransaction(accountId, transaction, lastModified = clock()) {
      ledgerOf(accountId).transactions.set(transaction.id, { transaction, lastModified });
    },
    setRowCap(rows) {
      rowCap = rows;
    },
    setPageLimit(items) {
      pageLimit = items;
    },
    setMaxInFlight(requests) {
      maxInFlight = requests;
    },
    throttleNext(count) {
      forcedThrottles = count;
    },
    setTokenLifetime(seconds) {
      tokenLifetimeSeconds = seconds;
    },
    setUnavailable(value) {
      unavailable = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server's NetSuite settings pointing at the fake (no waiting on 429s). */
export const netsuiteConfigOf = (fake: NetsuiteFake): Partial<Config> => ({
  NETSUITE_BASE_URL: fake.baseUrl,
  NETSUITE_RATE_LIMIT_WAIT_MS: 0,
});
