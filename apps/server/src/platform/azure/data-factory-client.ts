import { setTimeout as sleep } from 'node:timers/promises';
import { createEntraTokenSource, readJsonBody } from '../entra/client-credentials.ts';
import { fetchWithTimeout } from '../http/fetch-with-timeout.ts';

/**
 * Azure Data Factory over Azure Resource Manager (docs/integrations.md §5): an Entra token by client
 * credentials for the management scope, then factories and pipelines PUT (idempotent), runs created and
 * read. ARM's `{ error: { code, message } }` bodies become a DataFactoryError saying what went wrong in
 * our words, with ARM's code and message kept after it.
 */
export interface DataFactorySettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  subscriptionId: string;
  resourceGroup: string;
  /** The Azure region new factories are created in, e.g. westeurope. */
  location: string;
  /** https://login.microsoftonline.com, or a fake's address in tests. */
  authorityUrl: string;
  /** https://management.azure.com, or a fake's address in tests. */
  managementUrl: string;
}

export const ARM_SCOPE = 'https://management.azure.com/.default';
export const DATA_FACTORY_API_VERSION = '2018-06-01';

/** One call to Entra or ARM gives up after this long. */
const REQUEST_TIMEOUT_MS = 30_000;
/** An asynchronous PUT (201/202) is polled this often unless ARM's Retry-After says otherwise… */
const DEFAULT_POLL_MS = 2_000;
/** …and given up after this long. */
const DEFAULT_POLL_TIMEOUT_MS = 5 * 60_000;

const TERMINAL_PROVISIONING = new Set(['Succeeded', 'Failed', 'Canceled']);

export type PipelineRunStatus = 'Queued' | 'InProgress' | 'Succeeded' | 'Failed' | 'Canceling' | 'Cancelled';

export interface PipelineRun {
  runId: string;
  pipelineName: string;
  status: PipelineRunStatus;
  /** ARM's message (a failed run's reason; empty while it runs). */
  message: string;
  runStart?: string;
  runEnd?: string;
}

/** A pipeline's ARM resource body: `properties` with activities, parameters… as ADF defines them. */
export interface PipelineDefinition {
  properties: Record<string, unknown>;
}

export class DataFactoryError extends Error {
  constructor(
    /** The HTTP status ARM or Entra answered (0: no answer). */
    readonly status: number,
    /** ARM's error code (AuthorizationFailed…), or Entra's `error`; empty when none was given. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DataFactoryError';
  }
}

export type DataFactoryClient = ReturnType<typeof createDataFactoryClient>;

export function createDataFactoryClient(
  settings: DataFactorySettings,
  options: { now?: () => number; pollMs?: number; pollTimeoutMs?: number } = {},
) {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const pollTimeoutMs = options.pollTimeoutMs ?? DEFAULT_POLL_TIMEOUT_MS;
  const management = settings.managementUrl.replace(/\/$/, '');
  const tokens = createEntraTokenSource(
    { ...settings, scope: ARM_SCOPE },
    {
      send,
      fail: (status, reason) =>
        new DataFactoryError(
          status,
          reason.split(':')[0] ?? '',
          `Azure sign-in failed for the service principal (AZURE_CLIENT_ID): ${reason}`,
        ),
      now: options.now,
    },
  );
  const factoriesPath =
    `/subscriptions/${encodeURIComponent(settings.subscriptionId)}` +
    `/resourceGroups/${encodeURIComponent(settings.resourceGroup)}/providers/Microsoft.DataFactory/factories`;
  const factoryPath = (factory: string) => `${factoriesPath}/${encodeURIComponent(factory)}`;
  const withVersion = (path: string) => `${management}${path}?api-version=${DATA_FACTORY_API_VERSION}`;

  /** One ARM call with the cached token; a 401 renews the token once (it may have been revoked early). */
  async function call(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    for (let renewed = false; ; renewed = true) {
      const token = await tokens.accessToken(signal);
      const response = await send(url, {
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
        tokens.forget();
        await response.body?.cancel();
        continue;
      }
      throw armError(response.status, await readJsonBody(response), settings);
    }
  }

  /**
   * Waits for an asynchronous PUT (201/202): ARM's Azure-AsyncOperation status resource when it names one,
   * else its Location (202 while running), else the resource's own provisioningState.
   */
  async function awaitProvisioning(response: Response, resourceUrl: string, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + pollTimeoutMs;
    const asyncOperation = response.headers.get('azure-asyncoperation');
    const location = response.headers.get('location');
    let wait = retryAfterMs(response.headers.get('retry-after'), pollMs);
    for (;;) {
      if (Date.now() > deadline)
        throw new DataFactoryError(0, 'Timeout', `Azure did not finish creating the data factory in time`);
      await sleep(wait, undefined, { signal });
      const polled = await call('GET', asyncOperation ?? location ?? resourceUrl, undefined, signal);
      wait = retryAfterMs(polled.headers.get('retry-after'), pollMs);
      if (!asyncOperation && location && polled.status === 202) {
        await polled.body?.cancel();
        continue;
      }
      const payload = (await readJsonBody(polled)) as
        { status?: string; error?: unknown; properties?: { provisioningState?: string } } | undefined;
      const state = asyncOperation ? payload?.status : (payload?.properties?.provisioningState ?? 'Succeeded');
      if (state === 'Succeeded') return;
      if (state && TERMINAL_PROVISIONING.has(state))
        throw armError(polled.status, payload?.error ? payload : { error: { code: state } }, settings);
    }
  }

  return {
    /** The access token (cached); exported for the tests of its caching. */
    accessToken: tokens.accessToken,

    /** Creates the factory in the configured resource group and region, or finds it there (idempotent). */
    async ensureFactory(name: string, signal?: AbortSignal): Promise<{ created: boolean }> {
      const url = withVersion(factoryPath(name));
      const response = await call('PUT', url, { location: settings.location }, signal);
      const payload = (await readJsonBody(response)) as { properties?: { provisioningState?: string } } | undefined;
      const state = payload?.properties?.provisioningState;
      if (response.status === 202 || (state !== undefined && !TERMINAL_PROVISIONING.has(state)))
        await awaitProvisioning(response, url, signal);
      else if (state === 'Failed' || state === 'Canceled')
        throw armError(response.status, { error: { code: state } }, settings);
      return { created: response.status !== 200 };
    },

    /** Creates or replaces one pipeline of the factory (idempotent). */
    async putPipeline(factory: string, name: string, definition: PipelineDefinition, signal?: AbortSignal) {
      const response = await call(
        'PUT',
        withVersion(`${factoryPath(factory)}/pipelines/${encodeURIComponent(name)}`),
        definition,
        signal,
      );
      await response.body?.cancel();
    },

    /** Starts a run of the pipeline with these parameters (the JSON body); ARM answers its runId. */
    async createRun(
      factory: string,
      pipeline: string,
      parameters: Record<string, unknown>,
      signal?: AbortSignal,
    ): Promise<{ runId: string }> {
      const response = await call(
        'POST',
        withVersion(`${factoryPath(factory)}/pipelines/${encodeURIComponent(pipeline)}/createRun`),
        parameters,
        signal,
      );
      const payload = (await readJsonBody(response)) as { runId?: unknown } | undefined;
      if (typeof payload?.runId !== 'string' || payload.runId === '')
        throw new DataFactoryError(response.status, '', `Azure started the pipeline ${pipeline} without a run id`);
      return { runId: payload.runId };
    },

    async getRun(factory: string, runId: string, signal?: AbortSignal): Promise<PipelineRun> {
      const response = await call(
        'GET',
        withVersion(`${factoryPath(factory)}/pipelineruns/${encodeURIComponent(runId)}`),
        undefined,
        signal,
      );
      const run = (await readJsonBody(response)) as Partial<Record<keyof PipelineRun, unknown>> | undefined;
      if (typeof run?.status !== 'string')
        throw new DataFactoryError(response.status, '', `Azure answered no status for the pipeline run ${runId}`);
      return {
        runId: typeof run.runId === 'string' ? run.runId : runId,
        pipelineName: typeof run.pipelineName === 'string' ? run.pipelineName : '',
        status: run.status as PipelineRunStatus,
        message: typeof run.message === 'string' ? run.message : '',
        ...(typeof run.runStart === 'string' && { runStart: run.runStart }),
        ...(typeof run.runEnd === 'string' && { runEnd: run.runEnd }),
      };
    },
  };
}

const send = (url: string, init: RequestInit & { signal?: AbortSignal }) =>
  fetchWithTimeout(
    url,
    init,
    REQUEST_TIMEOUT_MS,
    (error) =>
      new DataFactoryError(
        0,
        '',
        `Azure could not be reached: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
      ),
  );

/** Our sentence for the ARM codes an administrator can act on; ARM's own words follow it. */
function armError(
  status: number,
  payload: unknown,
  settings: Pick<DataFactorySettings, 'resourceGroup' | 'subscriptionId'>,
): DataFactoryError {
  const body = payload as { error?: { code?: unknown; message?: unknown }; message?: unknown } | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : '';
  const armMessage =
    typeof body?.error?.message === 'string'
      ? body.error.message
      : typeof body?.message === 'string'
        ? body.message
        : '';
  const ours =
    code === 'AuthorizationFailed' || status === 403
      ? `The service principal may not manage data factories in the resource group ${settings.resourceGroup}`
      : code === 'ResourceGroupNotFound'
        ? `The resource group ${settings.resourceGroup} does not exist`
        : code === 'SubscriptionNotFound' || code === 'InvalidSubscriptionId'
          ? `The subscription ${settings.subscriptionId} was not found`
          : code === 'DataFactoryNameInUse' || status === 409
            ? 'The data factory name is taken in Azure (factory names are global)'
            : code === 'Failed' || code === 'Canceled'
              ? `Azure could not create the data factory (${code})`
              : `Azure Resource Manager refused the request (HTTP ${status})`;
  const detail = [code, armMessage].filter(Boolean).join(': ');
  return new DataFactoryError(status, code, detail && !ours.includes(`(${code})`) ? `${ours}: ${detail}` : ours);
}

/** ARM's Retry-After (seconds) when it sends one, else our own interval. */
function retryAfterMs(header: string | null, fallbackMs: number): number {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 60_000) : fallbackMs;
}
