import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../src/config/env.ts';

/**
 * A local QuickBooks Online (OAuth 2.0 and the Accounting API) that speaks the documented protocol, for tests
 * (docs/integrations.md §2.7):
 * - `GET /connect/oauth2`: the consent screen, consenting at once: redirects to `redirect_uri` with `code`,
 *   `state` and `realmId` (or `error=access_denied` once `declineNext()` was called).
 * - `POST /oauth2/v1/tokens/bearer`: client_secret_basic or client_secret_post; an authorization code works
 *   once and only with its redirect_uri; every refresh ROTATES the refresh token and the old one answers
 *   `{"error":"invalid_grant"}` from then on.
 * - `/v3/company/{realmId}/…`: a Bearer token it issued and that has not expired, else 401 with an
 *   AuthenticationFault (code 3200); `minorversion` required (its absence is recorded and refused with a
 *   ValidationFault); `query` parses `SELECT * FROM X [WHERE …] STARTPOSITION n MAXRESULTS m` with 1-based
 *   paging, an empty `QueryResponse` when nothing matches and a `time` stamp. WHERE understands
 *   `Active IN (true, false)` (otherwise only active accounts) and `MetaData.LastUpdatedTime >= '…'`.
 *   `reports/GeneralLedger` answers a Section per account with a beginning-balance row and a Data row per
 *   posting (journal entries and other transactions) in the `columns` asked, amounts as strings,
 *   NoReportData when empty; `cdc` answers the objects changed since `changedSince` (full journal
 *   entries; other transactions' id and date; deleted ones as Deleted) and refuses a look-back over 30 days.
 * - Throttling as Intuit: more than 500 requests a minute or 10 at once per realm answer 429 with a Fault of
 *   code 3001. Any failure can be injected: a Fault on HTTP 200 or 400, a 429.
 */
export const QBO_CLIENT_ID = 'fake-qbo-client';
export const QBO_CLIENT_SECRET = 'fake-qbo-secret-never-logged';

export interface FakeAccount {
  Id: string;
  Name: string;
  AcctNum?: string;
  AccountType: string;
  AccountSubType?: string;
  Classification?: string;
  Active?: boolean;
  ParentRef?: { value: string };
}

export interface FakeJournalLine {
  Id: string;
  Description?: string;
  Amount: number;
  PostingType: 'Debit' | 'Credit';
  AccountId: string;
  Department?: string;
  Entity?: string;
}

export interface FakeJournalEntry {
  Id: string;
  TxnDate: string;
  DocNumber?: string;
  Lines: FakeJournalLine[];
}

/** A transaction other than a journal entry, with the postings QuickBooks computed for it. */
export interface FakeTransaction {
  /** Its API name: Invoice, Bill, Purchase, … */
  Entity: string;
  Id: string;
  TxnDate: string;
  DocNumber?: string;
  /** The customer or vendor. */
  Name?: string;
  Postings: { AccountId: string; Debit?: number; Credit?: number; Memo?: string; Department?: string }[];
}

/** How the GeneralLedger report names a transaction type (its txn_type column). */
const REPORT_TYPE_NAMES: Record<string, string> = {
  JournalEntry: 'Journal Entry',
  SalesReceipt: 'Sales Receipt',
  CreditMemo: 'Credit Memo',
  RefundReceipt: 'Refund',
  Payment: 'Payment',
  BillPayment: 'Bill Payment (Check)',
  Purchase: 'Expense',
  VendorCredit: 'Vendor Credit',
};

interface Injected {
  /** Matched against `METHOD path?query` (query decoded). */
  match: RegExp;
  status: number;
  body: unknown;
  /** Answers only after this long (a call the client waits on, e.g. while its server is killed). */
  delayMs?: number;
}

interface Company {
  name: string;
  /** CompanyInfo.CompanyStartDate. */
  startDate: string | undefined;
  accounts: FakeAccount[];
  entries: Map<string, { entry: FakeJournalEntry; updatedAt: number }>;
  transactions: Map<string, { transaction: FakeTransaction; updatedAt: number }>;
  deleted: { entity: string; id: string; at: number }[];
  /** Its API requests of the last minute, and those under way: Intuit's throttle counts per company. */
  recent: number[];
  inFlight: number;
}

export interface QuickbooksFake {
  url: string;
  /** Every request, as `METHOD path?query` (decoded). */
  requests: string[];
  /** Requests to the Accounting API that came without minorversion. */
  missingMinorVersion: string[];
  /** The refresh tokens issued, oldest first (the last one is the only one that works). */
  refreshTokens: string[];
  /** The access tokens issued. */
  accessTokensIssued: string[];
  tokenRequests: { grantType: string; auth: 'basic' | 'post' }[];
  addCompany(realmId: string, name: string): void;
  setAccounts(realmId: string, accounts: FakeAccount[]): void;
  /** Adds or replaces a journal entry; its LastUpdatedTime is now. */
  putJournalEntry(realmId: string, entry: FakeJournalEntry): void;
  /** Adds or replaces another transaction (an invoice, a bill…); its LastUpdatedTime is now. */
  putTransaction(realmId: string, transaction: FakeTransaction): void;
  /** Deletes a journal entry or another transaction (change data capture reports it as Deleted). */
  deleteTransaction(realmId: string, id: string): void;
  setCompanyStartDate(realmId: string, date: string | undefined): void;
  /** The next authorization is declined by the user. */
  declineNext(): void;
  /** The next request matching `match` answers this instead (once). */
  inject(failure: Injected): void;
  /** The next `count` API requests answer 429 with code 3001. */
  throttleNext(count: number): void;
  /** Lifetime of the access tokens it issues (default 3600 s). */
  setTokenLifetime(seconds: number): void;
  /** Every access token issued so far stops working. */
  expireAccessTokens(): void;
  /** The current refresh token is no longer valid (revoked by the user in QuickBooks). */
  revokeRefreshToken(): void;
  close(): Promise<void>;
}

const fault = (type: string, code: string, message: string, detail = message) => ({
  Fault: { Error: [{ Message: message, Detail: detail, code }], type },
  time: new Date().toISOString(),
});

export const throttleFault = () =>
  fault('SERVICE', '3001', 'message=ThrottleExceeded; errorCode=003001; statusCode=429', 'ThrottleExceeded');

export async function startQuickbooksFake(): Promise<QuickbooksFake> {
  const companies = new Map<string, Company>();
  const codes = new Map<string, { realmId: string; redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  let currentRefresh: string | undefined;
  const refreshTokens: string[] = [];
  const accessTokensIssued: string[] = [];
  const requests: string[] = [];
  const missingMinorVersion: string[] = [];
  const tokenRequests: QuickbooksFake['tokenRequests'] = [];
  const injected: Injected[] = [];
  let throttled = 0;
  let decline = false;
  let tokenLifetimeSeconds = 3600;
  let realmForConsent: string | undefined;

  const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      intuit_tid: randomBytes(8).toString('hex'),
      ...headers,
    });
    response.end(JSON.stringify(body));
  };

  const readBody = (request: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => resolve(body));
    });

  function issueTokens() {
    const accessToken = `qbo-access-${randomBytes(16).toString('hex')}`;
    accessTokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    accessTokensIssued.push(accessToken);
    currentRefresh = `qbo-refresh-${randomBytes(16).toString('hex')}`;
    refreshTokens.push(currentRefresh);
    return {
      token_type: 'bearer',
      access_token: accessToken,
      refresh_token: currentRefresh,
      expires_in: tokenLifetimeSeconds,
      x_refresh_token_expires_in: 8_726_400,
    };
  }

  async function token(request: http.IncomingMessage, response: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const header = request.headers.authorization ?? '';
    const basic = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')
      : undefined;
    const [clientId, clientSecret] = basic ?? [form.get('client_id'), form.get('client_secret')];
    const grantType = form.get('grant_type') ?? '';
    tokenRequests.push({ grantType, auth: basic ? 'basic' : 'post' });
    if (clientId !== QBO_CLIENT_ID || clientSecret !== QBO_CLIENT_SECRET)
      return send(response, 401, { error: 'invalid_client' });
    if (grantType === 'authorization_code') {
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant || grant.redirectUri !== form.get('redirect_uri'))
        return send(response, 400, { error: 'invalid_grant' });
      return send(response, 200, issueTokens());
    }
    if (grantType === 'refresh_token') {
      if (!currentRefresh || form.get('refresh_token') !== currentRefresh)
        return send(response, 400, { error: 'invalid_grant' });
      return send(response, 200, issueTokens());
    }
    return send(response, 400, { error: 'unsupported_grant_type' });
  }

  function query(company: Company, statement: string) {
    const parsed =
      /^SELECT \* FROM (\w+)(?: WHERE (.+?))?(?: ORDERBY [\w.]+(?: (?:ASC|DESC))?)? STARTPOSITION (\d+) MAXRESULTS (\d+)$/i.exec(
        statement.trim(),
      );
    if (!parsed) return undefined;
    const [, entity, where = '', start, max] = parsed;
    let rows: Record<string, unknown>[];
    if (entity === 'CompanyInfo')
      rows = [
        { CompanyName: company.name, Id: '1', ...(company.startDate && { CompanyStartDate: company.startDate }) },
      ];
    else if (entity === 'Account')
      rows = company.accounts
        .filter((account) => /Active IN \(true, ?false\)/i.test(where) || account.Active !== false)
        .map((account) => ({ ...account, Active: account.Active !== false }));
    else if (entity === 'JournalEntry') {
      const since = /MetaData\.LastUpdatedTime >= '([^']+)'/.exec(where)?.[1];
      const from = since ? Date.parse(since) : -Infinity;
      rows = [...company.entries.values()]
        .filter(({ updatedAt }) => updatedAt >= from)
        .map(({ entry, updatedAt }) => journalEntryObject(entry, updatedAt));
    } else rows = [];
    const page = rows.slice(Number(start) - 1, Number(start) - 1 + Number(max));
    return {
      QueryResponse: page.length > 0 ? { [entity!]: page, startPosition: Number(start), maxResults: page.length } : {},
      time: new Date().toISOString(),
    };
  }

  /**
   * GeneralLedger: a Section per account (Header naming it, with its id), a Data row per posting dated in
   * [start_date, end_date] with the `columns` asked for (string amounts, the transaction's id on txn_type),
   * and NoReportData when nothing posted.
   */
  function generalLedger(company: Company, url: URL) {
    const start = url.searchParams.get('start_date') ?? '1900-01-01';
    const end = url.searchParams.get('end_date') ?? '2999-12-31';
    const keys = (
      url.searchParams.get('columns') ?? 'tx_date,txn_type,doc_num,name,memo,account_name,debt_amt,credit_amt'
    )
      .split(',')
      .filter(Boolean);
    const postings = [
      ...[...company.entries.values()].flatMap(({ entry }) =>
        entry.Lines.map((line) => ({
          type: 'JournalEntry',
          id: entry.Id,
          date: entry.TxnDate,
          doc: entry.DocNumber,
          name: line.Entity,
          memo: line.Description,
          department: line.Department,
          accountId: line.AccountId,
          debit: line.PostingType === 'Debit' ? line.Amount : 0,
          credit: line.PostingType === 'Credit' ? line.Amount : 0,
        })),
      ),
      ...[...company.transactions.values()].flatMap(({ transaction }) =>
        transaction.Postings.map((posting) => ({
          type: transaction.Entity,
          id: transaction.Id,
          date: transaction.TxnDate,
          doc: transaction.DocNumber,
          name: transaction.Name,
          memo: posting.Memo,
          department: posting.Department,
          accountId: posting.AccountId,
          debit: posting.Debit ?? 0,
          credit: posting.Credit ?? 0,
        })),
      ),
    ].filter((posting) => posting.date >= start && posting.date <= end);
    const amount = (value: number) => (value ? value.toFixed(2) : '');
    const sections = company.accounts
      .map((account) => {
        const mine = postings
          .filter((posting) => posting.accountId === account.Id)
          .toSorted((a, b) => a.date.localeCompare(b.date));
        if (mine.length === 0) return undefined;
        const cell = (key: string, posting: (typeof mine)[number]) => {
          switch (key) {
            case 'tx_date':
              return { value: posting.date };
            case 'txn_type':
              return { value: REPORT_TYPE_NAMES[posting.type] ?? posting.type, id: posting.id };
            case 'doc_num':
              return { value: posting.doc ?? '' };
            case 'name':
              return { value: posting.name ?? '' };
            case 'memo':
              return { value: posting.memo ?? '' };
            case 'account_name':
              return { value: account.Name, id: account.Id };
            case 'dept_name':
              return { value: posting.department ?? '' };
            case 'debt_amt':
              return { value: amount(posting.debit) };
            case 'credit_amt':
              return { value: amount(posting.credit) };
            default:
              return { value: '' };
          }
        };
        return {
          type: 'Section',
          Header: { ColData: [{ value: account.Name, id: account.Id }, ...keys.slice(1).map(() => ({ value: '' }))] },
          Rows: {
            Row: [
              // The opening balance: a Data row with no transaction.
              {
                type: 'Data',
                ColData: keys.map((key) => (key === 'tx_date' ? { value: 'Beginning Balance' } : { value: '' })),
              },
              ...mine.map((posting) => ({ type: 'Data', ColData: keys.map((key) => cell(key, posting)) })),
            ],
          },
          Summary: { ColData: [{ value: `Total for ${account.Name}` }] },
        };
      })
      .filter(Boolean);
    return {
      Header: {
        Time: new Date().toISOString(),
        ReportName: 'GeneralLedger',
        StartPeriod: start,
        EndPeriod: end,
        ReportBasis: url.searchParams.get('accounting_method') ?? 'Accrual',
        Option: [{ Name: 'NoReportData', Value: String(sections.length === 0) }],
      },
      Columns: {
        Column: keys.map((key) => ({ ColTitle: key, ColType: 'String', MetaData: [{ Name: 'ColKey', Value: key }] })),
      },
      Rows: sections.length > 0 ? { Row: sections } : {},
    };
  }

  /** Change data capture: changed objects in full, deleted ones as Deleted, at most 30 days back. */
  function changeDataCapture(company: Company, url: URL) {
    const since = Date.parse(url.searchParams.get('changedSince') ?? '');
    if (Number.isNaN(since) || since < Date.now() - 30 * 24 * 3_600_000) return undefined;
    const entities = (url.searchParams.get('entities') ?? '').split(',').filter(Boolean);
    const groups = entities.map((entity) => {
      const changed =
        entity === 'JournalEntry'
          ? [...company.entries.values()]
              .filter(({ updatedAt }) => updatedAt >= since)
              .map(({ entry, updatedAt }) => journalEntryObject(entry, updatedAt))
          : [...company.transactions.values()]
              .filter(({ transaction, updatedAt }) => transaction.Entity === entity && updatedAt >= since)
              .map(({ transaction, updatedAt }) => ({
                Id: transaction.Id,
                TxnDate: transaction.TxnDate,
                DocNumber: transaction.DocNumber,
                MetaData: { LastUpdatedTime: new Date(updatedAt).toISOString() },
              }));
      const deleted = company.deleted
        .filter((gone) => gone.entity === entity && gone.at >= since)
        .map((gone) => ({
          domain: 'QBO',
          status: 'Deleted',
          Id: gone.id,
          MetaData: { LastUpdatedTime: new Date(gone.at).toISOString() },
        }));
      const objects = [...changed, ...deleted];
      return objects.length > 0 ? { [entity]: objects, startPosition: 1, maxResults: objects.length } : {};
    });
    return { CDCResponse: [{ QueryResponse: groups }], time: new Date().toISOString() };
  }

  async function api(request: http.IncomingMessage, response: http.ServerResponse, url: URL, described: string) {
    const [, , , realmId, resource] = url.pathname.split('/');
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const expiresAt = accessTokens.get(bearer);
    if (!expiresAt || expiresAt < Date.now())
      return send(
        response,
        401,
        fault('AuthenticationFault', '3200', 'message=AuthenticationFailed; errorCode=003200; statusCode=401'),
      );
    if (!url.searchParams.get('minorversion')) {
      missingMinorVersion.push(described);
      return send(response, 400, fault('ValidationFault', '4000', 'minorversion is required'));
    }
    const company = companies.get(realmId ?? '');
    if (!company)
      return send(response, 403, fault('AuthorizationFault', '3100', 'message=ApplicationAuthorizationFailed'));
    const now = Date.now();
    company.recent.push(now);
    while (company.recent.length > 0 && company.recent[0]! < now - 60_000) company.recent.shift();
    if (throttled > 0 || company.recent.length > 500 || company.inFlight >= 10) {
      throttled = Math.max(0, throttled - 1);
      return send(response, 429, throttleFault());
    }
    company.inFlight += 1;
    try {
      if (resource === 'reports' && url.pathname.endsWith('/reports/GeneralLedger'))
        return send(response, 200, generalLedger(company, url));
      if (resource === 'cdc') {
        const changes = changeDataCapture(company, url);
        if (!changes)
          return send(response, 400, fault('ValidationFault', '2010', 'changedSince must be within the last 30 days'));
        return send(response, 200, changes);
      }
      if (resource !== 'query') return send(response, 400, fault('ValidationFault', '4001', 'Unsupported resource'));
      const answer = query(company, url.searchParams.get('query') ?? '');
      if (!answer)
        return send(response, 400, fault('ValidationFault', '4000', 'QueryParserError: Encountered an error'));
      return send(response, 200, answer);
    } finally {
      company.inFlight -= 1;
    }
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const query = [...url.searchParams].map(([name, value]) => `${name}=${value}`).join('&');
      const described = `${request.method} ${url.pathname}${query ? `?${query}` : ''}`;
      requests.push(described);
      const failure = injected.findIndex((candidate) => candidate.match.test(described));
      if (failure >= 0) {
        const [chosen] = injected.splice(failure, 1);
        if (chosen!.delayMs) await new Promise((resolve) => setTimeout(resolve, chosen!.delayMs));
        if (response.destroyed) return;
        return send(response, chosen!.status, chosen!.body);
      }
      if (request.method === 'GET' && url.pathname === '/connect/oauth2') {
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (decline || url.searchParams.get('client_id') !== QBO_CLIENT_ID) {
          decline = false;
          redirect.searchParams.set('error', 'access_denied');
        } else {
          const code = `code-${randomBytes(12).toString('hex')}`;
          const realmId = realmForConsent ?? [...companies.keys()][0] ?? '9130000000000001';
          codes.set(code, { realmId, redirectUri: url.searchParams.get('redirect_uri') ?? '' });
          redirect.searchParams.set('code', code);
          redirect.searchParams.set('realmId', realmId);
        }
        response.writeHead(302, { location: redirect.toString() });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/oauth2/v1/tokens/bearer') return token(request, response);
      if (request.method === 'GET' && url.pathname.startsWith('/v3/company/'))
        return api(request, response, url, described);
      return send(response, 404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    missingMinorVersion,
    refreshTokens,
    accessTokensIssued,
    tokenRequests,
    addCompany(realmId, name) {
      companies.set(realmId, {
        name,
        // A company started this year: a first sync reads this year's months.
        startDate: `${new Date().getUTCFullYear()}-01-01`,
        accounts: [],
        entries: new Map(),
        transactions: new Map(),
        deleted: [],
        recent: [],
        inFlight: 0,
      });
      // Intuit's consent screen lets the user pick a company: the fake picks the newest.
      realmForConsent = realmId;
    },
    setAccounts(realmId, accounts) {
      companies.get(realmId)!.accounts = accounts;
    },
    putJournalEntry(realmId, entry) {
      companies.get(realmId)!.entries.set(entry.Id, { entry, updatedAt: Date.now() });
    },
    putTransaction(realmId, transaction) {
      companies.get(realmId)!.transactions.set(transaction.Id, { transaction, updatedAt: Date.now() });
    },
    deleteTransaction(realmId, id) {
      const company = companies.get(realmId)!;
      const entity = company.entries.has(id) ? 'JournalEntry' : company.transactions.get(id)?.transaction.Entity;
      if (!entity) return;
      company.entries.delete(id);
      company.transactions.delete(id);
      company.deleted.push({ entity, id, at: Date.now() });
    },
    setCompanyStartDate(realmId, date) {
      companies.get(realmId)!.startDate = date;
    },
    declineNext() {
      decline = true;
    },
    inject(failure) {
      injected.push(failure);
    },
    throttleNext(count) {
      throttled = count;
    },
    setTokenLifetime(seconds) {
      tokenLifetimeSeconds = seconds;
    },
    expireAccessTokens() {
      for (const key of accessTokens.keys()) accessTokens.set(key, 0);
    },
    revokeRefreshToken() {
      currentRefresh = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A journal entry as the Accounting API answers it. */
function journalEntryObject(entry: FakeJournalEntry, updatedAt: number) {
  return {
    Id: entry.Id,
    TxnDate: entry.TxnDate,
    DocNumber: entry.DocNumber,
    MetaData: { LastUpdatedTime: new Date(updatedAt).toISOString() },
    Line: entry.Lines.map((line) => ({
      Id: line.Id,
      Description: line.Description,
      Amount: line.Amount,
      DetailType: 'JournalEntryLineDetail',
      JournalEntryLineDetail: {
        PostingType: line.PostingType,
        AccountRef: { value: line.AccountId },
        ...(line.Department && { DepartmentRef: { value: '1', name: line.Department } }),
        ...(line.Entity && { Entity: { Type: 'Customer', EntityRef: { value: '1', name: line.Entity } } }),
      },
    })),
  };
}

/** The server's QuickBooks settings pointing at the fake (no waiting on 429s unless asked). */
export const quickbooksConfigOf = (fake: QuickbooksFake, rateLimitWaitMs = 0): Partial<Config> => ({
  QUICKBOOKS_CLIENT_ID: QBO_CLIENT_ID,
  QUICKBOOKS_CLIENT_SECRET: QBO_CLIENT_SECRET,
  QUICKBOOKS_AUTHORIZE_URL: `${fake.url}/connect/oauth2`,
  QUICKBOOKS_TOKEN_URL: `${fake.url}/oauth2/v1/tokens/bearer`,
  QUICKBOOKS_API_URL: fake.url,
  QUICKBOOKS_RATE_LIMIT_WAIT_MS: rateLimitWaitMs,
});
