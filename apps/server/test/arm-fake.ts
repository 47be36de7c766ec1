import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Entra ID and Azure Resource Manager speaking the Data Factory protocol (docs/integrations.md §5,
 * "what a fake ARM server must do"), for tests:
 * - `POST /{tenant}/oauth2/v2.0/token`: client credentials with the management `.default` scope only; a
 *   wrong secret answers Entra's error body (AADSTS7000215).
 * - ARM paths require a Bearer token it issued (401 InvalidAuthenticationToken), `api-version=2018-06-01`
 *   (400 InvalidApiVersionParameter), and the configured subscription and resource group (404).
 * - `PUT …/factories/{f}`: a new factory answers 202 with Azure-AsyncOperation, whose status goes
 *   InProgress → Succeeded (or, `setFactoryCreation('provisioning-state')`, 201 with provisioningState
 *   Provisioning, Succeeded from the second GET of the factory on); an existing one answers 200 (idempotent). Pipelines PUT answer 200 either way.
 * - `POST …/pipelines/{p}/createRun` answers a runId; `GET …/pipelineruns/{id}` moves Queued → InProgress →
 *   Succeeded, or Failed with a message (`nextRuns`), one step per read.
 * - Failures can be injected: any status with ARM's `{"error":{"code","message"}}` body.
 */
export const ARM_TENANT = 'arm-fake-tenant';
export const ARM_CLIENT_ID = 'arm-fake-client';
export const ARM_CLIENT_SECRET = 'arm-fake-secret-value-never-logged';
export const ARM_SUBSCRIPTION = '00000000-1111-2222-3333-444444444444';
export const ARM_RESOURCE_GROUP = 'finboard-rg';
export const ARM_LOCATION = 'westeurope';
const SCOPE = 'https://management.azure.com/.default';
const API_VERSION = '2018-06-01';
/** Characters ADF refuses in pipeline and activity names. */
const FORBIDDEN_NAME = /[.+?/<>*%&:\\]/;

export interface ArmRequest {
  method: string;
  /** Path without the query. */
  path: string;
  apiVersion: string | null;
  body: unknown;
}

interface FakeFactory {
  location: string;
  provisioningState: 'Provisioning' | 'Succeeded';
  /** GETs of the factory so far (a factory made in provisioning-state mode succeeds at the second). */
  reads: number;
  pipelines: Map<string, { properties: Record<string, unknown> }>;
}

interface FakeRun {
  runId: string;
  factory: string;
  pipelineName: string;
  parameters: unknown;
  reads: number;
  outcome: { status: 'Succeeded' | 'Failed'; message: string };
  runStart: string;
}

interface Injected {
  /** Matched against `METHOD path` (path without the query). */
  match: RegExp;
  status: number;
  body: unknown;
}

export interface ArmFake {
  /** Both the authority and the management URL. */
  url: string;
  /** Every ARM request (not the token requests), in order. */
  requests: ArmRequest[];
  /** Every access token issued so far. */
  issuedTokens(): string[];
  factories: Map<string, FakeFactory>;
  runs: Map<string, FakeRun>;
  /** How a new factory's PUT answers: 202 with an async operation (default), or 201 still provisioning. */
  setFactoryCreation(mode: 'async-operation' | 'provisioning-state'): void;
  /** The next runs end so (default: Succeeded). */
  nextRuns(outcome: { status: 'Succeeded' | 'Failed'; message?: string }): void;
  /** The next request matching `match` answers this ARM error instead (once). */
  inject(failure: { match: RegExp; status: number; code: string; message: string }): void;
  /** Every access token issued so far stops working (as when Entra revokes them). */
  expireTokens(): void;
  close(): Promise<void>;
}

export async function startArmFake(): Promise<ArmFake> {
  const tokens = new Map<string, boolean>();
  const factories = new Map<string, FakeFactory>();
  const runs = new Map<string, FakeRun>();
  /** Azure-AsyncOperation status resources: the factory they create and how often they were read. */
  const operations = new Map<string, { factory: string; reads: number }>();
  const injected: Injected[] = [];
  const requests: ArmRequest[] = [];
  let runOutcome: FakeRun['outcome'] = { status: 'Succeeded', message: '' };
  let factoryCreation: 'async-operation' | 'provisioning-state' = 'async-operation';

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      try {
        handle(request, response, raw);
      } catch (error) {
        reply(response, 500, armError('InternalServerError', String(error)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function reply(response: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      'x-ms-request-id': randomUUID(),
      ...headers,
    });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }

  const armError = (code: string, message: string) => ({ error: { code, message } });

  function handle(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    const requestUrl = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const path = requestUrl.pathname;

    const tokenPath = path.match(/^\/([^/]+)\/oauth2\/v2\.0\/token$/);
    if (tokenPath && method === 'POST') return token(response, tokenPath[1]!, new URLSearchParams(raw));

    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      return reply(response, 400, armError('InvalidRequestContent', 'The request content was invalid JSON.'));
    }
    requests.push({ method, path, apiVersion: requestUrl.searchParams.get('api-version'), body });

    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!bearer || tokens.get(bearer) !== true)
      return reply(
        response,
        401,
        armError('InvalidAuthenticationToken', 'The access token is invalid or has expired.'),
      );
    const injectedIndex = injected.findIndex((candidate) => candidate.match.test(`${method} ${path}`));
    if (injectedIndex >= 0) {
      const [failure] = injected.splice(injectedIndex, 1);
      return reply(response, failure!.status, failure!.body);
    }
    if (requestUrl.searchParams.get('api-version') !== API_VERSION)
      return reply(
        response,
        400,
        armError(
          'InvalidApiVersionParameter',
          `The api-version '${requestUrl.searchParams.get('api-version')}' is invalid.`,
        ),
      );

    const operation = path.match(/^\/operations\/([^/]+)$/);
    if (operation && method === 'GET') return operationStatus(response, operation[1]!);

    const scope = path.match(
      /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Microsoft\.DataFactory(\/.*)$/,
    );
    if (!scope) return reply(response, 404, armError('NotFound', `No route for ${method} ${path}`));
    if (decodeURIComponent(scope[1]!) !== ARM_SUBSCRIPTION)
      return reply(
        response,
        404,
        armError('SubscriptionNotFound', `The subscription '${scope[1]}' could not be found.`),
      );
    if (decodeURIComponent(scope[2]!) !== ARM_RESOURCE_GROUP)
      return reply(
        response,
        404,
        armError('ResourceGroupNotFound', `Resource group '${scope[2]}' could not be found.`),
      );
    const rest = scope[3]!;

    const factoryPath = rest.match(/^\/factories\/([^/]+)$/);
    if (factoryPath && method === 'PUT') return putFactory(response, decodeURIComponent(factoryPath[1]!), body);
    if (factoryPath && method === 'GET') {
      const name = decodeURIComponent(factoryPath[1]!);
      const factory = factories.get(name);
      if (!factory) return reply(response, 404, armError('ResourceNotFound', `Factory ${name} not found.`));
      factory.reads += 1;
      if (factoryCreation === 'provisioning-state' && factory.reads >= 2) factory.provisioningState = 'Succeeded';
      return reply(response, 200, factoryBody(name, factory));
    }

    const inFactory = rest.match(/^\/factories\/([^/]+)(\/.+)$/);
    const factoryName = inFactory ? decodeURIComponent(inFactory[1]!) : '';
    const factory = factories.get(factoryName);
    if (!inFactory || !factory || factory.provisioningState !== 'Succeeded')
      return reply(response, 404, armError('ResourceNotFound', `Factory ${factoryName} not found.`));
    const sub = inFactory[2]!;

    const pipelinePath = sub.match(/^\/pipelines\/([^/]+)$/);
    if (pipelinePath && method === 'PUT')
      return putPipeline(response, factoryName, factory, decodeURIComponent(pipelinePath[1]!), body);

    const createRun = sub.match(/^\/pipelines\/([^/]+)\/createRun$/);
    if (createRun && method === 'POST') {
      const pipelineName = decodeURIComponent(createRun[1]!);
      if (!factory.pipelines.has(pipelineName))
        return reply(response, 404, armError('PipelineNotFound', `Pipeline ${pipelineName} not found.`));
      const runId = randomUUID();
      runs.set(runId, {
        runId,
        factory: factoryName,
        pipelineName,
        parameters: body ?? {},
        reads: 0,
        outcome: runOutcome,
        runStart: new Date().toISOString(),
      });
      return reply(response, 200, { runId });
    }

    const runPath = sub.match(/^\/pipelineruns\/([^/]+)$/);
    if (runPath && method === 'GET') {
      const run = runs.get(decodeURIComponent(runPath[1]!));
      if (!run || run.factory !== factoryName)
        return reply(response, 404, armError('PipelineRunNotFound', `Run ${runPath[1]} not found.`));
      run.reads += 1;
      const status = run.reads === 1 ? 'Queued' : run.reads === 2 ? 'InProgress' : run.outcome.status;
      const finished = status === run.outcome.status;
      return reply(response, 200, {
        runId: run.runId,
        pipelineName: run.pipelineName,
        parameters: run.parameters,
        runStart: run.runStart,
        ...(finished && { runEnd: new Date().toISOString(), durationInMs: 1000 }),
        status,
        message: finished ? run.outcome.message : '',
        lastUpdated: new Date().toISOString(),
      });
    }
    return reply(response, 404, armError('NotFound', `No route for ${method} ${path}`));
  }

  function token(response: http.ServerResponse, tenant: string, form: URLSearchParams) {
    const entraError = (status: number, error: string, code: number, description: string) =>
      reply(response, status, {
        error,
        error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}`,
        error_codes: [code],
      });
    if (tenant !== ARM_TENANT) return entraError(400, 'invalid_request', 90002, `Tenant '${tenant}' not found.`);
    if (form.get('grant_type') !== 'client_credentials')
      return entraError(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    if (form.get('client_id') !== ARM_CLIENT_ID)
      return entraError(400, 'unauthorized_client', 700016, 'Application was not found in the directory.');
    if (form.get('client_secret') !== ARM_CLIENT_SECRET)
      return entraError(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
    if (form.get('scope') !== SCOPE)
      return entraError(
        400,
        'invalid_scope',
        1002012,
        `The provided value for scope ${form.get('scope')} is not valid.`,
      );
    const issued = `fake-arm-${randomUUID()}`;
    tokens.set(issued, true);
    return reply(response, 200, { token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600, access_token: issued });
  }

  const factoryBody = (name: string, factory: FakeFactory) => ({
    id: `/subscriptions/${ARM_SUBSCRIPTION}/resourceGroups/${ARM_RESOURCE_GROUP}/providers/Microsoft.DataFactory/factories/${name}`,
    name,
    type: 'Microsoft.DataFactory/factories',
    location: factory.location,
    properties: {
      provisioningState: factory.provisioningState,
      createTime: new Date().toISOString(),
      version: API_VERSION,
    },
    eTag: `"${randomUUID()}"`,
  });

  function putFactory(response: http.ServerResponse, name: string, body: unknown) {
    const location = (body as { location?: unknown } | undefined)?.location;
    if (typeof location !== 'string' || location === '')
      return reply(
        response,
        400,
        armError('LocationRequired', 'The location property is required for this definition.'),
      );
    const existing = factories.get(name);
    if (existing) return reply(response, 200, factoryBody(name, existing));
    const factory: FakeFactory = { location, provisioningState: 'Provisioning', reads: 0, pipelines: new Map() };
    factories.set(name, factory);
    if (factoryCreation === 'provisioning-state') return reply(response, 201, factoryBody(name, factory));
    const operationId = randomUUID();
    operations.set(operationId, { factory: name, reads: 0 });
    return reply(response, 202, undefined, {
      'azure-asyncoperation': `${url}/operations/${operationId}?api-version=${API_VERSION}`,
      'retry-after': '0',
    });
  }

  function operationStatus(response: http.ServerResponse, id: string) {
    const operation = operations.get(id);
    if (!operation) return reply(response, 404, armError('NotFound', `Operation ${id} not found.`));
    operation.reads += 1;
    if (operation.reads < 2) return reply(response, 200, { status: 'InProgress' }, { 'retry-after': '0' });
    factories.get(operation.factory)!.provisioningState = 'Succeeded';
    return reply(response, 200, { status: 'Succeeded' });
  }

  function putPipeline(
    response: http.ServerResponse,
    factoryName: string,
    factory: FakeFactory,
    name: string,
    body: unknown,
  ) {
    const properties = (body as { properties?: Record<string, unknown> } | undefined)?.properties;
    const activities = properties?.activities;
    if (FORBIDDEN_NAME.test(name) || name.length > 140)
      return reply(response, 400, armError('BadRequest', `The pipeline name '${name}' is invalid.`));
    if (!Array.isArray(activities) || activities.length === 0)
      return reply(response, 400, armError('BadRequest', 'A pipeline needs at least one activity.'));
    for (const activity of activities as { name?: unknown; type?: unknown }[]) {
      if (typeof activity.name !== 'string' || FORBIDDEN_NAME.test(activity.name) || activity.name.length > 55)
        return reply(response, 400, armError('BadRequest', `The activity name '${String(activity.name)}' is invalid.`));
      if (typeof activity.type !== 'string')
        return reply(response, 400, armError('BadRequest', 'An activity needs a type.'));
    }
    factory.pipelines.set(name, { properties: properties! });
    return reply(response, 200, {
      id: `${factoryBody(factoryName, factory).id}/pipelines/${name}`,
      name,
      type: 'Microsoft.DataFactory/factories/pipelines',
      properties,
      etag: `"${randomUUID()}"`,
    });
  }

  return {
    url,
    requests,
    issuedTokens: () => [...tokens.keys()],
    factories,
    runs,
    setFactoryCreation: (mode) => (factoryCreation = mode),
    nextRuns: (outcome) => (runOutcome = { status: outcome.status, message: outcome.message ?? '' }),
    inject: ({ match, status, code, message }) => injected.push({ match, status, body: armError(code, message) }),
    expireTokens: () => {
      for (const issued of tokens.keys()) tokens.set(issued, false);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The configuration that points the app at the fake. */
export const armConfigOf = (fake: ArmFake) => ({
  AZURE_TENANT_ID: ARM_TENANT,
  AZURE_CLIENT_ID: ARM_CLIENT_ID,
  AZURE_CLIENT_SECRET: ARM_CLIENT_SECRET,
  AZURE_SUBSCRIPTION_ID: ARM_SUBSCRIPTION,
  AZURE_RESOURCE_GROUP: ARM_RESOURCE_GROUP,
  AZURE_LOCATION: ARM_LOCATION,
  AZURE_AUTHORITY_URL: fake.url,
  AZURE_MANAGEMENT_URL: fake.url,
});
