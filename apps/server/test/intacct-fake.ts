import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { Config } from '../src/config/env.ts';

/**
 * A local Sage Intacct XML gateway that speaks the documented protocol, for tests (docs/integrations.md §3.6):
 * - Only POST with an XML body (`application/xml` or `text/xml`); it parses `control`, `authentication` and
 *   the `function`s, and echoes every `controlid`. HTTP 200 for every answer, failures included.
 * - Control level: an unknown sender or a wrong sender password fails with XL03000006 "Incorrect Intacct XML
 *   Partner ID or password." (with a second error and a URL-encoded Support ID).
 * - Authentication level: a sender not authorized for the company fails with XL03000006 "Invalid Web
 *   Services Authorization"; a wrong user, password or company with XL03000006 "Sign-in information is
 *   incorrect"; an unknown or expired session likewise.
 * - `getAPISession` answers a session and a DIFFERENT endpoint (`/session-gateway/xmlgw.phtml`): a session
 *   is refused anywhere else, so a client that does not switch fails. Sessions expire (`expireSessions`).
 * - `readByQuery` over GLACCOUNT and GLDETAIL with `fields` (`*` or a list), `query` (conditions joined by
 *   AND: `FIELD op 'value'` with =, <, <=, >, >= on dates MM/DD/YYYY and timestamps MM/DD/YYYY HH:MM:SS, and
 *   `FIELD IN ('a','b')`), `pagesize` 1–1000 (else a result-level error), answering `count`, `totalcount`,
 *   `numremaining` and a `resultId`; `readMore` with that resultId gives the next page, an unknown one fails
 *   at result level. A query it cannot read fails at result level; so does an object the user lacks
 *   permission for (`denyObject`).
 */
export const INTACCT_SENDER_ID = 'finboard-sender';
export const INTACCT_SENDER_PASSWORD = 'sender-Pa55-never-logged';

export interface FakeGlAccount {
  ACCOUNTNO: string;
  TITLE: string;
  ACCOUNTTYPE: 'balancesheet' | 'incomestatement';
  NORMALBALANCE: 'debit' | 'credit';
  CATEGORY?: string;
  STATUS?: 'active' | 'inactive';
}

export interface FakeGlLine {
  LINE_NO: number;
  ACCOUNTNO: string;
  /** Positive; TR_TYPE says the side. */
  AMOUNT: string;
  TR_TYPE: 1 | -1;
  DESCRIPTION?: string;
  DEPARTMENTID?: string;
  LOCATIONID?: string;
  CUSTOMERID?: string;
}

export interface FakeJournalEntry {
  /** GLBATCH record number. */
  BATCHNO: string;
  JOURNAL: string;
  BATCH_NUMBER: string;
  /** YYYY-MM-DD. */
  date: string;
  lines: FakeGlLine[];
}

interface Company {
  users: Map<string, string>;
  senders: Set<string>;
  accounts: FakeGlAccount[];
  entries: Map<string, { entry: FakeJournalEntry; modifiedAt: number }>;
  denied: Set<string>;
}

export interface IntacctFake {
  /** The gateway a client signs in at (INTACCT_ENDPOINT_URL). */
  url: string;
  /** Where getAPISession sends the session's calls. */
  sessionEndpoint: string;
  /** Every call: the path it came to, its function and (for reads) object and query. */
  calls: { path: string; fn: string; object?: string; query?: string; fields?: string; pagesize?: number }[];
  /** Session ids issued. */
  sessionsIssued: string[];
  /** Every controlid a request carried, and every one an answer echoed. */
  controlIds: { sent: string[]; echoed: string[] };
  addCompany(
    companyId: string,
    user: { userId: string; password: string },
    options?: { authorizeSender?: boolean },
  ): void;
  setAccounts(companyId: string, accounts: FakeGlAccount[]): void;
  /** Adds or replaces a journal entry; its lines' WHENMODIFIED is `modifiedAt` (default now). */
  putEntry(companyId: string, entry: FakeJournalEntry, modifiedAt?: number): void;
  /** The user lacks permission to read this object (a result-level failure). */
  denyObject(companyId: string, object: string): void;
  /** Every session issued so far stops working. */
  expireSessions(): void;
  /** Sessions stop working after this many more calls made with one (a session expiring mid-sync). */
  expireSessionsAfter(calls: number): void;
  /** The company withdraws the sender's Web Services authorization. */
  revokeSender(companyId: string): void;
  /** Pages hold at most this many rows whatever the pagesize asked (Intacct may serve fewer): paging with small ledgers. */
  setPageLimit(rows: number): void;
  close(): Promise<void>;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'function',
});

type Node = Record<string, unknown>;
interface ErrorDetail {
  errorno: string;
  description?: string;
  description2?: string;
  correction?: string;
}

const supportId = () => `[Support ID: ${randomBytes(6).toString('base64url')}%7E${randomBytes(4).toString('hex')}]`;
const errormessage = (errors: ErrorDetail[]) => ({ error: errors });
const two = (n: number) => String(n).padStart(2, '0');
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const usTimestamp = (ms: number) => {
  const at = new Date(ms);
  return `${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
};
/** MM/DD/YYYY[ HH:MM:SS] as a sortable text (seconds resolution, as Intacct compares). */
const sortable = (value: string) => {
  const parsed = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!parsed) return undefined;
  const [, month, day, year, hours = '00', minutes = '00', seconds = '00'] = parsed;
  return `${year}${month}${day}${hours}${minutes}${seconds}`;
};

export async function startIntacctFake(): Promise<IntacctFake> {
  const companies = new Map<string, Company>();
  const sessions = new Map<string, { companyId: string; userId: string; valid: boolean }>();
  const results = new Map<string, { rows: Node[]; object: string; offset: number; pageSize: number }>();
  const calls: IntacctFake['calls'] = [];
  const sessionsIssued: string[] = [];
  const controlIds = { sent: [] as string[], echoed: [] as string[] };
  let baseUrl = '';
  let sessionCallsLeft = Infinity;
  let pageLimit = 1000;
  const SESSION_PATH = '/session-gateway/xmlgw.phtml';

  function rowsOf(company: Company, object: string): Node[] | undefined {
    if (object === 'GLACCOUNT')
      return company.accounts.map((account, index) => ({
        RECORDNO: String(index + 1),
        ...account,
        CATEGORY: account.CATEGORY ?? '',
        STATUS: account.STATUS ?? 'active',
      }));
    if (object === 'GLDETAIL')
      return [...company.entries.values()].flatMap(({ entry, modifiedAt }) =>
        entry.lines.map((line) => ({
          RECORDNO: `${entry.BATCHNO}${two(line.LINE_NO)}`,
          BATCHNO: entry.BATCHNO,
          JOURNAL: entry.JOURNAL,
          BATCH_NUMBER: entry.BATCH_NUMBER,
          BATCH_DATE: usDate(entry.date),
          ENTRY_DATE: usDate(entry.date),
          LINE_NO: String(line.LINE_NO),
          ACCOUNTNO: line.ACCOUNTNO,
          AMOUNT: line.AMOUNT,
          TR_TYPE: String(line.TR_TYPE),
          DEBITAMOUNT: line.TR_TYPE === 1 ? line.AMOUNT : '0',
          CREDITAMOUNT: line.TR_TYPE === -1 ? line.AMOUNT : '0',
          DESCRIPTION: line.DESCRIPTION ?? '',
          DEPARTMENTID: line.DEPARTMENTID ?? '',
          LOCATIONID: line.LOCATIONID ?? '',
          CUSTOMERID: line.CUSTOMERID ?? '',
          WHENMODIFIED: usTimestamp(modifiedAt),
        })),
      );
    return undefined;
  }

  /** The rows matching `query`, or undefined when the query cannot be read. */
  function filter(rows: Node[], query: string): Node[] | undefined {
    if (!query.trim()) return rows;
    const tests: ((row: Node) => boolean)[] = [];
    for (const condition of query.split(/\s+AND\s+/i)) {
      const compare = /^(\w+)\s*(>=|<=|=|<|>)\s*'([^']*)'$/.exec(condition.trim());
      const within = /^(\w+)\s+IN\s+\(([^)]*)\)$/i.exec(condition.trim());
      if (compare) {
        const [, field, op, value] = compare;
        const right = sortable(value!) ?? value!;
        tests.push((row) => {
          const cell = String(row[field!] ?? '');
          const left = sortable(cell) ?? cell;
          if (op === '=') return left === right;
          if (op === '<') return left < right;
          if (op === '<=') return left <= right;
          if (op === '>') return left > right;
          return left >= right;
        });
      } else if (within) {
        const [, field, list] = within;
        const values = list!.split(',').map((value) => value.trim().replace(/^'(.*)'$/, '$1'));
        tests.push((row) => values.includes(String(row[field!] ?? '')));
      } else return undefined;
    }
    return rows.filter((row) => tests.every((test) => test(row)));
  }

  function page(resultId: string): Node {
    const result = results.get(resultId)!;
    const slice = result.rows.slice(result.offset, result.offset + Math.min(result.pageSize, pageLimit));
    result.offset += slice.length;
    const remaining = result.rows.length - result.offset;
    if (remaining === 0) results.delete(resultId);
    return {
      '@_listtype': result.object.toLowerCase(),
      '@_count': String(slice.length),
      '@_totalcount': String(result.rows.length),
      '@_numremaining': String(remaining),
      '@_resultId': resultId,
      [result.object]: slice,
    };
  }

  const resultFailure = (fn: string, controlid: string, errors: ErrorDetail[]) => ({
    status: 'failure',
    function: fn,
    controlid,
    errormessage: errormessage(errors),
  });

  function run(company: Company, fn: Node): Node {
    const controlid = String(fn['@_controlid'] ?? '');
    controlIds.echoed.push(controlid);
    const name = Object.keys(fn).find((key) => !key.startsWith('@_')) ?? '';
    const body = (fn[name] ?? {}) as Node;
    if (name === 'readByQuery') {
      const object = String(body.object ?? '');
      const query = String(body.query ?? '');
      const pagesize = Number(body.pagesize ?? 100);
      const fields = String(body.fields ?? '*');
      calls[calls.length - 1] = { ...calls.at(-1)!, fn: name, object, query, fields, pagesize };
      if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > 1000)
        return resultFailure(name, controlid, [
          { errorno: 'BL01001973', description2: 'pagesize must be between 1 and 1000' },
        ]);
      if (company.denied.has(object))
        return resultFailure(name, controlid, [
          {
            errorno: 'BL34000061',
            description2: `You do not have permission for API operation READ_BY_QUERY on objects of type ${object.toLowerCase()} ${supportId()}`,
          },
        ]);
      const all = rowsOf(company, object);
      if (!all)
        return resultFailure(name, controlid, [{ errorno: 'DL02000001', description2: `Unknown object ${object}` }]);
      const matched = filter(all, query);
      if (!matched)
        return resultFailure(name, controlid, [
          { errorno: 'GL-0101', description: 'Invalid query', description2: `The query ${query} could not be read` },
          { errorno: 'PL04000055', description2: supportId() },
        ]);
      const wanted = fields.trim() === '*' ? undefined : fields.split(',').map((field) => field.trim());
      if (wanted?.some((field) => !(field in (all[0] ?? { [field]: '' }))))
        return resultFailure(name, controlid, [{ errorno: 'DL02000001', description2: `Unknown field in ${fields}` }]);
      const rows = wanted
        ? matched.map((row) => Object.fromEntries(wanted.map((field) => [field, row[field]])))
        : matched;
      const resultId = `${randomBytes(8).toString('hex')}-${object}`;
      results.set(resultId, { rows, object, offset: 0, pageSize: pagesize });
      return { status: 'success', function: name, controlid, data: page(resultId) };
    }
    if (name === 'readMore') {
      const resultId = String(body.resultId ?? '');
      calls[calls.length - 1] = { ...calls.at(-1)!, fn: name };
      if (!results.has(resultId))
        return resultFailure(name, controlid, [
          { errorno: 'GW-0001', description2: `Invalid or expired resultId ${resultId}` },
        ]);
      return { status: 'success', function: name, controlid, data: page(resultId) };
    }
    return resultFailure(name, controlid, [{ errorno: 'XL03000009', description2: `Unknown function ${name}` }]);
  }

  function answer(request: Node, path: string): Node {
    const control = (request.control ?? {}) as Node;
    const controlid = String(control.controlid ?? '');
    controlIds.sent.push(controlid);
    const controlEcho = {
      controlid,
      uniqueid: control.uniqueid ?? 'false',
      dtdversion: control.dtdversion ?? '3.0',
    };
    if (control.senderid !== INTACCT_SENDER_ID || control.password !== INTACCT_SENDER_PASSWORD)
      return {
        control: { status: 'failure', ...controlEcho },
        errormessage: errormessage([
          { errorno: 'XL03000006', description2: 'Incorrect Intacct XML Partner ID or password.' },
          { errorno: 'PL04000055', description2: `This is a sandbox gateway ${supportId()}` },
        ]),
      };
    const operation = (request.operation ?? {}) as Node;
    const authentication = (operation.authentication ?? {}) as Node;
    const functions = (((operation.content ?? {}) as Node).function ?? []) as Node[];
    const success = { status: 'success', ...controlEcho };
    const authFailure = (userid: string, companyid: string, errors: ErrorDetail[]) => ({
      control: success,
      operation: {
        authentication: { status: 'failure', userid, companyid },
        errormessage: errormessage(errors),
      },
    });
    let company: Company | undefined;
    let userid = '';
    let companyid = '';
    let sessionStarted = false;
    if (authentication.login) {
      const login = authentication.login as Node;
      userid = String(login.userid ?? '');
      companyid = String(login.companyid ?? '');
      company = companies.get(companyid);
      if (company && !company.senders.has(String(control.senderid)))
        return authFailure(userid, companyid, [
          {
            errorno: 'XL03000006',
            description: 'Invalid Web Services Authorization',
            description2: `The sender ID '${String(control.senderid)}' is not authorized to make Web Services requests to company ID '${companyid}'.`,
            correction: 'Contact the company administrator to grant Web Services authorization to this sender ID.',
          },
        ]);
      if (!company || company.users.get(userid) !== login.password)
        return authFailure(userid, companyid, [
          { errorno: 'XL03000006', description: '', description2: 'Sign-in information is incorrect' },
        ]);
      sessionStarted = true;
    } else {
      const session = sessions.get(String(authentication.sessionid ?? ''));
      // A session works only at the endpoint getAPISession named.
      if (sessionCallsLeft <= 0) {
        for (const issued of sessions.values()) issued.valid = false;
        sessionCallsLeft = Infinity;
      } else sessionCallsLeft -= 1;
      if (!session?.valid || path !== SESSION_PATH)
        return authFailure('', '', [
          { errorno: 'XL03000006', description: '', description2: 'Sign-in information is incorrect' },
        ]);
      company = companies.get(session.companyId)!;
      if (!company.senders.has(String(control.senderid)))
        return authFailure(session.userId, session.companyId, [
          {
            errorno: 'XL03000006',
            description: 'Invalid Web Services Authorization',
            description2: `The sender ID '${String(control.senderid)}' is not authorized to make Web Services requests to company ID '${session.companyId}'.`,
            correction: 'Contact the company administrator to grant Web Services authorization to this sender ID.',
          },
        ]);
      userid = session.userId;
      companyid = session.companyId;
    }
    const results: Node[] = [];
    for (const fn of functions) {
      calls.push({ path, fn: 'unknown' });
      if ('getAPISession' in fn) {
        calls[calls.length - 1] = { path, fn: 'getAPISession' };
        controlIds.echoed.push(String(fn['@_controlid'] ?? ''));
        const sessionId = `${randomBytes(18).toString('base64url')}..`;
        sessions.set(sessionId, { companyId: companyid, userId: userid, valid: true });
        sessionsIssued.push(sessionId);
        results.push({
          status: 'success',
          function: 'getAPISession',
          controlid: fn['@_controlid'],
          data: { api: { sessionid: sessionId, endpoint: `${baseUrl}${SESSION_PATH}`, locationid: '' } },
        });
      } else results.push(run(company, fn));
    }
    return {
      control: success,
      operation: {
        authentication: {
          status: 'success',
          userid,
          companyid,
          locationid: '',
          sessiontimestamp: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
          ...(sessionStarted && { sessiontimeout: new Date(Date.now() + 3_600_000).toISOString() }),
        },
        result: results,
      },
    };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const xml = (status: number, content: Node) => {
        response.writeHead(status, { 'content-type': 'text/xml; encoding="UTF-8"' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?>${builder.build({ response: content })}`);
      };
      // Intacct blocks GET since 2023 and takes no JSON.
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || !/^(application|text)\/xml/.test(type))
        return xml(200, {
          control: { status: 'failure' },
          errormessage: errormessage([{ errorno: 'XMLGW_JPP0002', description: 'Invalid request: POST XML only' }]),
        });
      if (path !== '/ia/xml/xmlgw.phtml' && path !== SESSION_PATH) {
        response.writeHead(404);
        return response.end();
      }
      let parsed: Node;
      try {
        parsed = parser.parse(body, true) as Node;
      } catch {
        return xml(200, {
          control: { status: 'failure' },
          errormessage: errormessage([{ errorno: 'XL03000003', description: 'XML could not be parsed' }]),
        });
      }
      xml(200, answer((parsed.request ?? {}) as Node, path));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: `${baseUrl}/ia/xml/xmlgw.phtml`,
    sessionEndpoint: `${baseUrl}${SESSION_PATH}`,
    calls,
    sessionsIssued,
    controlIds,
    addCompany(companyId, user, options = {}) {
      companies.set(companyId, {
        users: new Map([[user.userId, user.password]]),
        senders: new Set(options.authorizeSender === false ? [] : [INTACCT_SENDER_ID]),
        accounts: [],
        entries: new Map(),
        denied: new Set(),
      });
    },
    setAccounts(companyId, accounts) {
      companies.get(companyId)!.accounts = accounts;
    },
    putEntry(companyId, entry, modifiedAt = Date.now()) {
      companies.get(companyId)!.entries.set(entry.BATCHNO, { entry, modifiedAt });
    },
    denyObject(companyId, object) {
      companies.get(companyId)!.denied.add(object);
    },
    expireSessions() {
      for (const session of sessions.values()) session.valid = false;
    },
    expireSessionsAfter(count) {
      sessionCallsLeft = count;
    },
    revokeSender(companyId) {
      companies.get(companyId)!.senders.clear();
    },
    setPageLimit(rows) {
      pageLimit = rows;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server's Intacct gateway pointing at the fake. */
export const intacctConfigOf = (fake: IntacctFake): Partial<Config> => ({ INTACCT_ENDPOINT_URL: fake.url });
