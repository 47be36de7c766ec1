import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Power BI and Entra ID that speak the documented protocol (docs/integrations.md §1.9), for tests:
 * - `POST /{tenant}/oauth2/v2.0/token`: client credentials with the exact Power BI `.default` scope only;
 *   a wrong secret answers Entra's error body (`error`, `error_description` with AADSTS7000215, `error_codes`…).
 * - `/v1.0/myorg/…` requires a Bearer token it issued and that has not expired (401), and a workspace the
 *   service principal was given (403).
 * - Get Report (`datasetId` only for PowerBIReport), GenerateToken V2 (50-item caps, `lifetimeInMinutes`
 *   only shortens), dataset refreshes (202 with Location and x-ms-request-id; 8 a day in shared mode) and
 *   their history moving from Unknown to Completed or Failed (with `serviceExceptionJson`).
 * - Failures can be injected: a 429 with Retry-After, or any status with Power BI's `{"error":{"code":…}}`.
 */
export const FAKE_TENANT = 'fake-tenant';
export const FAKE_CLIENT_ID = 'fake-client';
export const FAKE_CLIENT_SECRET = 'fake-secret-value-not-logged';
const SCOPE = 'https://analysis.windows.net/powerbi/api/.default';

interface FakeReport {
  id: string;
  name: string;
  workspaceId: string;
  reportType: 'PowerBIReport' | 'PaginatedReport';
  datasetId?: string;
}

interface FakeRefresh {
  requestId: string;
  id: string;
  startTime: string;
  /** When the refresh finishes, and how. */
  endsAt: number;
  outcome: 'Completed' | 'Failed';
}

interface Injected {
  /** Matched against `METHOD path` (path without the query). */
  match: RegExp;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface PowerbiFake {
  /** Both the authority and the API base URL. */
  url: string;
  /** Every request, as `METHOD path?query`. */
  requests: string[];
  /** Bodies of the GenerateToken calls. */
  generateTokenBodies: Record<string, unknown>[];
  tokenRequests(): number;
  addWorkspace(workspaceId: string): void;
  addReport(report: FakeReport): void;
  addDataset(workspaceId: string, datasetId: string): void;
  /** The next refreshes (of any dataset) take this long and end so; the default is Completed after 50 ms. */
  nextRefreshes(outcome: 'Completed' | 'Failed', durationMs?: number): void;
  /** The next request matching `match` answers this instead (once). */
  inject(failure: Injected): void;
  /** Lifetime of the access tokens it issues (default 3600 s). */
  setTokenLifetime(seconds: number): void;
  /** Every access token issued so far stops working (as when Entra revokes them). */
  expireTokens(): void;
  /** Shared capacity: at most 8 refreshes per dataset per day. */
  setSharedCapacity(shared: boolean): void;
  refreshes(workspaceId: string, datasetId: string): FakeRefresh[];
  close(): Promise<void>;
}

export async function startPowerbiFake(): Promise<PowerbiFake> {
  const workspaces = new Set<string>();
  const reports = new Map<string, FakeReport>();
  const datasets = new Map<string, FakeRefresh[]>();
  const tokens = new Map<string, number>();
  const injected: Injected[] = [];
  const requests: string[] = [];
  const generateTokenBodies: Record<string, unknown>[] = [];
  let tokenRequests = 0;
  let tokenLifetimeSeconds = 3600;
  let shared = false;
  let refreshOutcome: { outcome: 'Completed' | 'Failed'; durationMs: number } = {
    outcome: 'Completed',
    durationMs: 50,
  };

  const datasetKey = (workspaceId: string, datasetId: string) => `${workspaceId}/${datasetId}`;

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      try {
        handle(request, response, raw);
      } catch (error) {
        reply(response, 500, { error: { code: 'FakeFailure', message: String(error) } });
      }
    });
  });

  function reply(response: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      RequestId: randomUUID(),
      ...headers,
    });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }

  const pbiError = (code: string, message?: string) => ({ error: { code, ...(message ? { message } : {}) } });

  function handle(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const injectedIndex = injected.findIndex((candidate) => candidate.match.test(`${method} ${url.pathname}`));
    if (injectedIndex >= 0) {
      const [failure] = injected.splice(injectedIndex, 1);
      return reply(response, failure!.status, failure!.body, failure!.headers);
    }

    const tokenPath = url.pathname.match(/^\/([^/]+)\/oauth2\/v2\.0\/token$/);
    if (tokenPath && method === 'POST') {
      tokenRequests++;
      const form = new URLSearchParams(raw);
      const entraError = (status: number, error: string, code: number, description: string) =>
        reply(response, status, {
          error,
          error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`,
          error_codes: [code],
          timestamp: new Date().toISOString(),
          trace_id: randomUUID(),
          correlation_id: randomUUID(),
          error_uri: `https://login.microsoftonline.com/error?code=${code}`,
        });
      if (tokenPath[1] !== FAKE_TENANT)
        return entraError(400, 'invalid_request', 90002, `Tenant '${tokenPath[1]}' not found.`);
      if (form.get('grant_type') !== 'client_credentials')
        return entraError(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
      if (form.get('client_id') !== FAKE_CLIENT_ID)
        return entraError(
          400,
          'unauthorized_client',
          700016,
          `Application with identifier '${form.get('client_id')}' was not found in the directory.`,
        );
      if (form.get('client_secret') !== FAKE_CLIENT_SECRET)
        return entraError(
          401,
          'invalid_client',
          7000215,
          'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.',
        );
      if (form.get('scope') !== SCOPE)
        return entraError(
          400,
          'invalid_scope',
          1002012,
          `The provided value for scope ${form.get('scope')} is not valid.`,
        );
      const token = `fake-aad-${randomUUID()}`;
      tokens.set(token, Date.now() + tokenLifetimeSeconds * 1000);
      return reply(response, 200, {
        token_type: 'Bearer',
        expires_in: tokenLifetimeSeconds,
        ext_expires_in: tokenLifetimeSeconds,
        access_token: token,
      });
    }

    if (!url.pathname.startsWith('/v1.0/myorg/')) return reply(response, 404, pbiError('NotFound'));
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= Date.now())
      return reply(
        response,
        401,
        pbiError('TokenExpired', 'Access token has expired, resubmit with a new access token'),
      );
    const path = url.pathname.slice('/v1.0/myorg'.length);

    if (path === '/GenerateToken' && method === 'POST') return generateToken(response, raw);

    const inGroup = path.match(/^\/groups\/([^/]+)(\/.*)$/);
    if (!inGroup) return reply(response, 404, pbiError('NotFound'));
    const workspaceId = decodeURIComponent(inGroup[1]!);
    if (!workspaces.has(workspaceId))
      return reply(response, 403, pbiError('Unauthorized', 'The service principal has no access to this workspace'));
    const rest = inGroup[2]!;

    const reportPath = rest.match(/^\/reports\/([^/]+)$/);
    if (reportPath && method === 'GET') {
      const report = reports.get(decodeURIComponent(reportPath[1]!));
      if (!report || report.workspaceId !== workspaceId) return reply(response, 404, pbiError('ItemNotFound'));
      const embedPath = report.reportType === 'PaginatedReport' ? 'rdlEmbed' : 'reportEmbed';
      return reply(response, 200, {
        id: report.id,
        reportType: report.reportType,
        name: report.name,
        webUrl: `https://app.powerbi.com/groups/${workspaceId}/reports/${report.id}`,
        embedUrl: `https://app.powerbi.com/${embedPath}?reportId=${report.id}&groupId=${workspaceId}`,
        ...(report.reportType === 'PowerBIReport' && { datasetId: report.datasetId }),
        isOwnedByMe: true,
        users: [],
        subscriptions: [],
      });
    }

    const refreshPath = rest.match(/^\/datasets\/([^/]+)\/refreshes$/);
    if (refreshPath) {
      const datasetId = decodeURIComponent(refreshPath[1]!);
      const history = datasets.get(datasetKey(workspaceId, datasetId));
      if (!history) return reply(response, 404, pbiError('ItemNotFound'));
      if (method === 'POST') {
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        const enhanced = ['type', 'commitMode', 'maxParallelism', 'retryCount', 'objects', 'timeout'].some(
          (field) => field in body,
        );
        if (enhanced && 'notifyOption' in body)
          return reply(response, 400, pbiError('InvalidRequest', 'notifyOption is not allowed with enhanced refresh'));
        const today = history.filter((entry) => Date.parse(entry.startTime) > Date.now() - 24 * 3600_000);
        // Shared capacity allows 8 refreshes a day (§1.6); the exact refusal is [unconfirmed]: 400 here.
        if (shared && today.length >= 8)
          return reply(response, 400, pbiError('InvalidRequest', 'Exceeded the maximum number of refreshes per day'));
        const requestId = randomUUID();
        const id = String(history.length + 1);
        history.unshift({
          requestId,
          id,
          startTime: new Date().toISOString(),
          endsAt: Date.now() + refreshOutcome.durationMs,
          outcome: refreshOutcome.outcome,
        });
        return reply(response, 202, undefined, {
          'x-ms-request-id': requestId,
          Location: `${fakeUrl}/v1.0/myorg/groups/${workspaceId}/datasets/${datasetId}/refreshes/${requestId}`,
        });
      }
      if (method === 'GET') {
        const top = Number(url.searchParams.get('$top') ?? history.length);
        return reply(response, 200, {
          value: history.slice(0, top).map((entry) => {
            const finished = Date.now() >= entry.endsAt;
            return {
              requestId: entry.requestId,
              id: Number(entry.id),
              refreshType: 'ViaApi',
              startTime: entry.startTime,
              ...(finished && { endTime: new Date(entry.endsAt).toISOString() }),
              status: finished ? entry.outcome : 'Unknown',
              ...(finished &&
                entry.outcome === 'Failed' && {
                  serviceExceptionJson: JSON.stringify({
                    errorCode: 'ModelRefreshFailed_CredentialsNotSpecified',
                    errorDescription: 'The credentials of the data source are missing',
                  }),
                }),
            };
          }),
        });
      }
    }
    return reply(response, 404, pbiError('NotFound'));
  }

  function generateToken(response: http.ServerResponse, raw: string) {
    const body = JSON.parse(raw || '{}') as {
      reports?: { id: string; allowEdit?: boolean }[];
      datasets?: { id: string; xmlaPermissions?: string }[];
      targetWorkspaces?: { id: string }[];
      lifetimeInMinutes?: number;
    };
    generateTokenBodies.push(body as Record<string, unknown>);
    const listed = [body.reports ?? [], body.datasets ?? [], body.targetWorkspaces ?? []];
    if (listed.some((list) => list.length > 50))
      return reply(response, 400, pbiError('InvalidRequest', 'At most 50 reports, datasets and target workspaces'));
    for (const item of body.reports ?? []) {
      const report = reports.get(item.id);
      if (!report) return reply(response, 404, pbiError('ItemNotFound', `Report ${item.id} not found`));
      if (report.reportType === 'PaginatedReport' && item.allowEdit)
        return reply(response, 400, pbiError('InvalidRequest', 'Paginated reports cannot be edited'));
    }
    const knownDatasets = new Set([...datasets.keys()].map((key) => key.split('/')[1]));
    for (const item of body.datasets ?? [])
      if (!knownDatasets.has(item.id))
        return reply(response, 404, pbiError('ItemNotFound', `Dataset ${item.id} not found`));
    const lifetime = body.lifetimeInMinutes && body.lifetimeInMinutes > 0 ? Math.min(body.lifetimeInMinutes, 60) : 60;
    return reply(response, 200, {
      '@odata.context': 'http://fake/v1.0/myorg/$metadata#Microsoft.PowerBI.ServiceContracts.Api.V1.EmbedToken',
      token: `H4sI-fake-embed-${randomUUID()}`,
      tokenId: randomUUID(),
      expiration: new Date(Date.now() + lifetime * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: fakeUrl,
    requests,
    generateTokenBodies,
    tokenRequests: () => tokenRequests,
    addWorkspace: (workspaceId) => workspaces.add(workspaceId),
    addReport(report) {
      workspaces.add(report.workspaceId);
      reports.set(report.id, report);
      if (report.datasetId && !datasets.has(datasetKey(report.workspaceId, report.datasetId)))
        datasets.set(datasetKey(report.workspaceId, report.datasetId), []);
    },
    addDataset(workspaceId, datasetId) {
      workspaces.add(workspaceId);
      if (!datasets.has(datasetKey(workspaceId, datasetId))) datasets.set(datasetKey(workspaceId, datasetId), []);
    },
    nextRefreshes(outcome, durationMs = 50) {
      refreshOutcome = { outcome, durationMs };
    },
    inject: (failure) => injected.push(failure),
    setTokenLifetime: (seconds) => (tokenLifetimeSeconds = seconds),
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    setSharedCapacity: (value) => (shared = value),
    refreshes: (workspaceId, datasetId) => datasets.get(datasetKey(workspaceId, datasetId)) ?? [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The configuration that points the app at the fake. */
export const powerbiConfigOf = (fake: PowerbiFake) => ({
  POWERBI_TENANT_ID: FAKE_TENANT,
  POWERBI_CLIENT_ID: FAKE_CLIENT_ID,
  POWERBI_CLIENT_SECRET: FAKE_CLIENT_SECRET,
  POWERBI_AUTHORITY_URL: fake.url,
  POWERBI_API_URL: fake.url,
});
