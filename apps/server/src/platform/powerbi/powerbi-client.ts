import { setTimeout as sleep } from 'node:timers/promises';
import { createEntraTokenSource, readJsonBody } from '../entra/client-credentials.ts';
import { fetchWithTimeout } from '../http/fetch-with-timeout.ts';

/**
 * The Power BI REST API as a service principal ("app owns data"; docs/integrations.md §1): an Entra token
 * by client credentials, cached until shortly before it expires, then Get Report, GenerateToken V2 and
 * dataset refreshes with their history. Failures are PowerbiError with the service's own reason.
 */
export interface PowerbiSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** https://login.microsoftonline.com, or a fake's address in tests. */
  authorityUrl: string;
  /** https://api.powerbi.com, or a fake's address in tests. */
  apiUrl: string;
}

export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';

/** One call to Entra or Power BI gives up after this long. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A 429 whose Retry-After is this long or less is waited out and retried; a longer one fails the call. */
const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
const MAX_ATTEMPTS = 3;

export type PowerbiReportType = 'PowerBIReport' | 'PaginatedReport';

export interface PowerbiReport {
  id: string;
  name: string;
  embedUrl: string;
  /** Absent for paginated reports (they may use no semantic model, or several). */
  datasetId?: string;
  reportType: PowerbiReportType;
}

export interface PowerbiEmbedToken {
  token: string;
  tokenId: string;
  /** ISO UTC time. */
  expiration: string;
}

/** One entry of a dataset's refresh history (§1.6). `Unknown` means still running. */
export interface PowerbiRefresh {
  requestId: string;
  status: 'Unknown' | 'Completed' | 'Failed' | 'Disabled' | string;
  startTime?: string;
  endTime?: string;
  serviceExceptionJson?: string;
}

export interface GenerateTokenRequest {
  reports: { id: string; allowEdit?: boolean }[];
  datasets: { id: string; xmlaPermissions?: 'ReadOnly' }[];
  targetWorkspaces?: { id: string }[];
  lifetimeInMinutes?: number;
}

export class PowerbiError extends Error {
  constructor(
    /** The HTTP status Power BI or Entra answered (0: no answer). */
    readonly status: number,
    /** The service's reason: Entra's `error: AADSTS… description`, Power BI's error code and message. */
    readonly reason: string,
    /** Seconds Power BI asked to wait (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(status === 0 ? `Power BI could not be reached: ${reason}` : `Power BI answered ${status}: ${reason}`);
    this.name = 'PowerbiError';
  }
}

export type PowerbiClient = ReturnType<typeof createPowerbiClient>;

export function createPowerbiClient(
  settings: PowerbiSettings,
  options: { now?: () => number; maxRetryWaitMs?: number } = {},
) {
  const maxRetryWaitMs = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const api = `${settings.apiUrl.replace(/\/$/, '')}/v1.0/myorg`;
  const tokens = createEntraTokenSource(
    { ...settings, scope: POWERBI_SCOPE },
    { send, fail: (status, reason) => new PowerbiError(status, reason), now: options.now },
  );
  const accessToken = tokens.accessToken;

  /**
   * One REST call with the cached token: a 401 renews the token once (it may have been revoked early), a
   * 429 is waited out when Retry-After allows.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const token = await accessToken(signal);
      const response = await send(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      if (response.ok) return response;
      if (response.status === 401 && !renewed) {
        renewed = true;
        tokens.forget();
        await response.body?.cancel();
        continue;
      }
      const reason = powerbiReason(await readJsonBody(response), response.status);
      if (response.status === 429) {
        const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
        if (attempt < MAX_ATTEMPTS && retryAfter * 1000 <= maxRetryWaitMs) {
          await sleep(retryAfter * 1000, undefined, { signal });
          continue;
        }
        throw new PowerbiError(429, reason, retryAfter);
      }
      throw new PowerbiError(response.status, reason);
    }
  }

  const group = (workspaceId: string) => `/groups/${encodeURIComponent(workspaceId)}`;

  return {
    /** The access token (cached); exported for the tests of its caching. */
    accessToken,

    async getReport(workspaceId: string, reportId: string, signal?: AbortSignal): Promise<PowerbiReport> {
      const response = await call(
        'GET',
        `${group(workspaceId)}/reports/${encodeURIComponent(reportId)}`,
        undefined,
        signal,
      );
      const report = (await readJsonBody(response)) as Partial<PowerbiReport> & Record<string, unknown>;
      if (typeof report?.id !== 'string' || typeof report.embedUrl !== 'string')
        throw new PowerbiError(response.status, 'Get Report answered no id or embedUrl');
      return {
        id: report.id,
        name: typeof report.name === 'string' ? report.name : report.id,
        embedUrl: report.embedUrl,
        datasetId: typeof report.datasetId === 'string' && report.datasetId !== '' ? report.datasetId : undefined,
        reportType: report.reportType === 'PaginatedReport' ? 'PaginatedReport' : 'PowerBIReport',
      };
    },

    /** GenerateToken V2 (the multi-resource endpoint Microsoft recommends, §1.3). */
    async generateToken(request: GenerateTokenRequest, signal?: AbortSignal): Promise<PowerbiEmbedToken> {
      const response = await call('POST', '/GenerateToken', request, signal);
      const token = (await readJsonBody(response)) as Partial<PowerbiEmbedToken> | undefined;
      if (typeof token?.token !== 'string' || typeof token.expiration !== 'string')
        throw new PowerbiError(response.status, 'GenerateToken answered no token or expiration');
      return { token: token.token, tokenId: String(token.tokenId ?? ''), expiration: token.expiration };
    },

    /**
     * Starts a refresh (202). Power BI names it by the x-ms-request-id header, which its history's entry
     * carries as `requestId`; the Location header ends with the same id.
     */
    async startRefresh(workspaceId: string, datasetId: string, signal?: AbortSignal): Promise<{ requestId: string }> {
      const response = await call(
        'POST',
        `${group(workspaceId)}/datasets/${encodeURIComponent(datasetId)}/refreshes`,
        // A service principal gets no mail: NoNotification is the one option that applies (§1.6).
        { notifyOption: 'NoNotification' },
        signal,
      );
      await response.body?.cancel();
      const requestId =
        response.headers.get('x-ms-request-id') ?? response.headers.get('location')?.split('/').pop() ?? '';
      if (!requestId) throw new PowerbiError(response.status, 'the refresh was accepted without a request id');
      return { requestId };
    },

    async refreshHistory(
      workspaceId: string,
      datasetId: string,
      top = 10,
      signal?: AbortSignal,
    ): Promise<PowerbiRefresh[]> {
      const response = await call(
        'GET',
        `${group(workspaceId)}/datasets/${encodeURIComponent(datasetId)}/refreshes?$top=${top}`,
        undefined,
        signal,
      );
      const payload = (await readJsonBody(response)) as { value?: PowerbiRefresh[] } | undefined;
      return Array.isArray(payload?.value) ? payload.value : [];
    },
  };
}

const send = (url: string, init: RequestInit & { signal?: AbortSignal }) =>
  fetchWithTimeout(
    url,
    init,
    REQUEST_TIMEOUT_MS,
    (error) =>
      new PowerbiError(
        0,
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error),
      ),
  );

/** Power BI's error bodies: `{ error: { code, message?, "pbi.error"? } }` or a bare `{ message }` (§1.7). */
function powerbiReason(payload: unknown, status: number): string {
  const body = payload as { error?: { code?: unknown; message?: unknown }; message?: unknown } | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : undefined;
  const message =
    typeof body?.error?.message === 'string'
      ? body.error.message
      : typeof body?.message === 'string'
        ? body.message
        : undefined;
  if (code && message) return `${code}: ${message}`;
  return code ?? message ?? `HTTP ${status}`;
}

/** Retry-After in seconds (Power BI sends seconds; an HTTP date is honoured too). */
function retryAfterSeconds(header: string | null): number {
  if (!header) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
