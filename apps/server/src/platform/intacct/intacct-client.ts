import { randomUUID } from 'node:crypto';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { fetchWithTimeout } from '../http/fetch-with-timeout.ts';

/**
 * Sage Intacct's XML Web Services over their real protocol (docs/integrations.md §3): every call is one
 * `<request>` POSTed as application/xml, carrying the sender's credentials in `<control>` and either the
 * company user's login or a session id in `<authentication>`. getAPISession answers a session and the
 * endpoint later calls must go to. readByQuery/readMore page with a resultId until `numremaining` is 0.
 * A failure can sit at three levels (control, operation authentication, function result), each with its
 * `<errormessage>`, usually on HTTP 200: all three are checked on every answer.
 */
export interface IntacctSettings {
  /** The gateway a connection first signs in at: https://api.intacct.com/ia/xml/xmlgw.phtml, or a fake's. */
  endpointUrl: string;
  /** Rows per readByQuery page (Intacct allows 1–1000). */
  pageSize?: number;
}

/** What the Add Connection form gives (spec §3 system B), kept sealed with the connection. */
export interface IntacctCredentials {
  senderId: string;
  senderPassword: string;
  userId: string;
  userPassword: string;
  companyId: string;
}

export interface IntacctSession {
  sessionId: string;
  /** Where this session's calls go (Intacct may answer another gateway than the one signed in at). */
  endpoint: string;
  /** When Intacct opened the session, on its own clock (the authentication block's sessiontimestamp). */
  timestamp: string | undefined;
}

export interface IntacctErrorDetail {
  errorno: string;
  description: string;
  description2: string;
  correction: string;
}

/**
 * What went wrong, told apart by where Intacct put the error: the sender (control level), the sender not
 * authorized for the company or the user (authentication level, both XL03000006), an expired session, a
 * refused read (result level: permission or query), or no usable answer at all.
 */
export type IntacctErrorKind =
  'sender' | 'sender_not_authorized' | 'user' | 'session' | 'permission' | 'result' | 'unavailable';

export class IntacctError extends Error {
  constructor(
    readonly kind: IntacctErrorKind,
    /** Intacct's own words: every error's number and descriptions (Support IDs decoded). */
    readonly reason: string,
    readonly errors: IntacctErrorDetail[] = [],
  ) {
    super(`Sage Intacct: ${reason}`);
    this.name = 'IntacctError';
  }
}

export const INTACCT_DEFAULT_PAGE_SIZE = 1000;
const REQUEST_TIMEOUT_MS = 120_000;

type Node = Record<string, unknown>;
export type IntacctRow = Record<string, string | null>;

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Account numbers such as 0100 and amounts stay text.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name, jpath, _isLeaf, isAttribute) =>
    !isAttribute &&
    (name === 'error' || name === 'result' || /^response\.operation\.result\.data\.[^.]+$/.test(String(jpath))),
});

export type IntacctClient = ReturnType<typeof createIntacctClient>;

export function createIntacctClient(settings: IntacctSettings) {
  const pageSize = Math.min(Math.max(settings.pageSize ?? INTACCT_DEFAULT_PAGE_SIZE, 1), 1000);

  /** One request: the sender's control block, then the operation's authentication and one function. */
  async function call(
    url: string,
    credentials: IntacctCredentials,
    authentication: Node,
    fn: Node,
    signal?: AbortSignal,
  ): Promise<{ data: Node; authentication: Node }> {
    // The builder escapes every value (<, &, quotes): credentials and queries never become markup.
    const body = `<?xml version="1.0" encoding="UTF-8"?>${builder.build({
      request: {
        control: {
          senderid: credentials.senderId,
          password: credentials.senderPassword,
          controlid: randomUUID(),
          uniqueid: 'false',
          dtdversion: '3.0',
          includewhitespace: 'false',
        },
        operation: {
          authentication,
          content: { function: { '@_controlid': randomUUID(), ...fn } },
        },
      },
    })}`;
    const response = await fetchWithTimeout(
      url,
      { method: 'POST', headers: { 'content-type': 'application/xml', accept: 'application/xml' }, body, signal },
      REQUEST_TIMEOUT_MS,
      (error) => new IntacctError('unavailable', (error as Error).message),
    );
    const text = await response.text();
    let parsed: Node | undefined;
    try {
      parsed = parser.parse(text) as Node;
    } catch {
      parsed = undefined;
    }
    const root = parsed?.response as Node | undefined;
    if (!root) throw new IntacctError('unavailable', `HTTP ${response.status}, no XML response`);
    const control = root.control as Node | undefined;
    if (control?.status !== 'success') {
      const errors = errorsOf(root.errormessage);
      // The gateway refuses a bad sender (or a malformed request) here, whatever the HTTP status.
      throw new IntacctError(
        response.status >= 500 && errors.length === 0 ? 'unavailable' : 'sender',
        describe(errors, response.status),
        errors,
      );
    }
    const operation = root.operation as Node | undefined;
    const auth = (operation?.authentication ?? {}) as Node;
    if (auth.status !== 'success') {
      const errors = errorsOf(operation?.errormessage);
      throw new IntacctError(authenticationKind(errors, 'sessionid' in authentication), describe(errors), errors);
    }
    const result = (operation?.result as Node[] | undefined)?.[0];
    if (result?.status !== 'success') {
      const errors = errorsOf(result?.errormessage);
      const permission = errors.some((error) => /permission/i.test(`${error.description} ${error.description2}`));
      throw new IntacctError(permission ? 'permission' : 'result', describe(errors), errors);
    }
    // An empty <data/> parses as ''.
    return { data: typeof result.data === 'object' && result.data ? (result.data as Node) : {}, authentication: auth };
  }

  /**
   * Signs the company user in (getAPISession): the session and the endpoint its calls go to. A refusal is
   * told apart: the sender (control level), the sender not authorized for the company, or the user.
   */
  async function openSession(credentials: IntacctCredentials, signal?: AbortSignal): Promise<IntacctSession> {
    const { data, authentication } = await call(
      settings.endpointUrl,
      credentials,
      {
        login: { userid: credentials.userId, companyid: credentials.companyId, password: credentials.userPassword },
      },
      { getAPISession: '' },
      signal,
    );
    const api = ((data.api as Node[] | undefined) ?? [])[0];
    const sessionId = typeof api?.sessionid === 'string' ? api.sessionid : '';
    const endpoint = typeof api?.endpoint === 'string' && api.endpoint ? api.endpoint : settings.endpointUrl;
    if (!sessionId) throw new IntacctError('unavailable', 'getAPISession answered no session');
    const timestamp = typeof authentication.sessiontimestamp === 'string' ? authentication.sessiontimestamp : undefined;
    return { sessionId, endpoint, timestamp };
  }

  /**
   * Every row of `object` matching `query` (readByQuery, then readMore with its resultId until nothing
   * remains), each as its fields' text ('' becomes null).
   */
  async function readAll(
    credentials: IntacctCredentials,
    session: IntacctSession,
    object: string,
    fields: readonly string[],
    query: string,
    signal?: AbortSignal,
  ): Promise<IntacctRow[]> {
    const authentication = { sessionid: session.sessionId };
    const rows: IntacctRow[] = [];
    let { data } = await call(
      session.endpoint,
      credentials,
      authentication,
      { readByQuery: { object, fields: fields.join(','), query, pagesize: String(pageSize), returnFormat: 'xml' } },
      signal,
    );
    for (;;) {
      rows.push(...rowsOf(data, object));
      const resultId = attribute(data, 'resultId');
      if (Number(attribute(data, 'numremaining') ?? 0) <= 0 || !resultId) return rows;
      ({ data } = await call(session.endpoint, credentials, authentication, { readMore: { resultId } }, signal));
    }
  }

  return { openSession, readAll };
}

/** Sender not authorized and a wrong user share XL03000006: the words say which (jfcote87/intacct, intacct-sdk-php). */
function authenticationKind(errors: IntacctErrorDetail[], bySession: boolean): IntacctErrorKind {
  const words = errors.map((error) => `${error.description} ${error.description2}`).join(' ');
  if (/Web Services Authorization|not authorized to make Web Services requests/i.test(words))
    return 'sender_not_authorized';
  // A session that worked a moment ago and is refused now has expired.
  return bySession ? 'session' : 'user';
}

function errorsOf(errormessage: unknown): IntacctErrorDetail[] {
  const list = ((errormessage as Node | undefined)?.error ?? []) as Node[];
  const textOf = (value: unknown) => (typeof value === 'string' ? safeDecode(value) : '');
  return list.map((error) => ({
    errorno: textOf(error.errorno),
    description: textOf(error.description),
    description2: textOf(error.description2),
    correction: textOf(error.correction),
  }));
}

/** description2 may carry a URL-encoded "[Support ID: …]" (fylein's SDK decodes it too). */
function safeDecode(value: string): string {
  try {
    return /%[0-9A-F]{2}/i.test(value) ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

function describe(errors: IntacctErrorDetail[], status?: number): string {
  if (errors.length === 0) return status ? `HTTP ${status}` : 'no error details';
  return errors
    .map((error) => [error.errorno, error.description, error.description2].filter(Boolean).join(' '))
    .join('; ');
}

function attribute(data: Node, name: string): string | undefined {
  const value = data[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

function rowsOf(data: Node, object: string): IntacctRow[] {
  // Intacct names each row after the object, in upper case (GLACCOUNT, GLDETAIL).
  const key = Object.keys(data).find((name) => !name.startsWith('@_') && name.toUpperCase() === object.toUpperCase());
  const list = (key ? data[key] : []) as Node[];
  return list.map((row) =>
    Object.fromEntries(
      Object.entries(typeof row === 'object' && row ? row : {}).map(([field, value]) => [
        field,
        typeof value === 'string' && value !== '' ? value : null,
      ]),
    ),
  );
}
