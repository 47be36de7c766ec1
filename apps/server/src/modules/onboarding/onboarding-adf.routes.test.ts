import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { onboardingMessages } from '@finboard/shared/onboarding';
import { onboardingSteps } from '../../db/schema.ts';
import { dataFactoryClientOf } from '../../platform/azure/data-factory-config.ts';
import {
  ARM_CLIENT_SECRET,
  ARM_LOCATION,
  ARM_RESOURCE_GROUP,
  ARM_SUBSCRIPTION,
  armConfigOf,
  startArmFake,
  type ArmFake,
} from '../../../test/arm-fake.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createDataType, createOrganization, login } from '../../../test/factories.ts';

// The data factory step with Azure configured (AZURE_*): against a fake Entra ID and ARM.
let arm: ArmFake;
let t: TestApp;
let adminToken: string;
let logText = '';
beforeAll(async () => {
  arm = await startArmFake();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  t = await buildTestApp({ ...armConfigOf(arm), LOG_LEVEL: 'info' }, { logStream });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  await t?.close();
  await arm?.close();
});

const FACTORIES = `/subscriptions/${ARM_SUBSCRIPTION}/resourceGroups/${ARM_RESOURCE_GROUP}/providers/Microsoft.DataFactory/factories`;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(adminToken) });
const createFactory = (orgID: string, dataFactoryName: string) =>
  post('/api/v1/onboard/data-factory/create', { orgID, dataFactoryJson: { dataFactoryName } });
const importFactory = (orgID: string, body: Record<string, string>) =>
  post('/api/v1/onboard/data-factory/import', { orgID, ...body });
const stepOf = async (orgID: string) => {
  const status = await t.app.inject({
    method: 'GET',
    url: `/api/v1/onboard/status/${orgID}`,
    headers: bearer(adminToken),
  });
  return status.json().data.steps.find((entry: { step: string }) => entry.step === 'data-factory');
};
const detailsOf = async (organizationId: string) => {
  const [row] = await t.database.db
    .select({ details: onboardingSteps.details })
    .from(onboardingSteps)
    .where(and(eq(onboardingSteps.organizationId, organizationId), eq(onboardingSteps.step, 'data-factory')));
  return row?.details as Record<string, unknown> | undefined;
};
const typeNames = async (organizationId: string) =>
  (await t.app.services.dataTypes.listAll(organizationId)).map((type) => type.name).sort();
/** The ARM requests made since `from`, as `METHOD path`. */
const callsSince = (from: number) => arm.requests.slice(from).map((request) => `${request.method} ${request.path}`);

const DEBIT = [{ name: 'debit', type: 'numeric' as const, required: true }];

/** The ADF pipeline we PUT for one of our pipelines. */
const adfPipeline = (name: string) => ({
  properties: {
    description: `Finboard pipeline "${name}"`,
    parameters: { organizationId: { type: 'String', defaultValue: '' }, fileId: { type: 'String', defaultValue: '' } },
    activities: [{ name, type: 'Wait', typeProperties: { waitTimeInSeconds: 1 } }],
  },
});

describe('Create Data Factory with Azure configured', () => {
  it('creates the Azure factory, one ADF pipeline per pipeline and a smoke run; a second run changes nothing', async () => {
    const organization = await createOrganization(t.database);
    const from = arm.requests.length;

    const response = await createFactory(organization.id, 'acme-adf-azure');
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = response.json();
    const pipelines = data.pipelines as string[];
    expect(pipelines.length).toBeGreaterThan(0);
    expect(message).toBe(onboardingMessages.dataFactoryCreated('acme-adf-azure', pipelines.length));

    // The factory PUT with its location (202, then its Azure-AsyncOperation polled until Succeeded), each
    // pipeline PUT, one createRun of the first pipeline; all on api-version 2018-06-01.
    const factoryPath = `${FACTORIES}/acme-adf-azure`;
    expect(callsSince(from)).toEqual([
      `PUT ${factoryPath}`,
      expect.stringMatching(/^GET \/operations\//),
      expect.stringMatching(/^GET \/operations\//),
      ...pipelines.map((name) => `PUT ${factoryPath}/pipelines/${encodeURIComponent(name)}`),
      `POST ${factoryPath}/pipelines/${encodeURIComponent(pipelines[0]!)}/createRun`,
    ]);
    expect(arm.requests.slice(from).every((request) => request.apiVersion === '2018-06-01')).toBe(true);
    expect(arm.requests[from]!.body).toEqual({ location: ARM_LOCATION });
    const factory = arm.factories.get('acme-adf-azure')!;
    expect(factory).toMatchObject({ location: ARM_LOCATION, provisioningState: 'Succeeded' });
    expect([...factory.pipelines.keys()].sort()).toEqual([...pipelines].sort());
    for (const name of pipelines) expect(factory.pipelines.get(name)).toEqual(adfPipeline(name));

    const [run] = [...arm.runs.values()].filter((candidate) => candidate.factory === 'acme-adf-azure');
    expect(run).toMatchObject({
      pipelineName: pipelines[0],
      parameters: { organizationId: organization.id, fileId: '' },
    });
    expect(data.azure).toEqual({
      factory: 'acme-adf-azure',
      created: true,
      pipelines,
      run: { pipeline: pipelines[0], runId: run!.runId },
    });
    expect(await stepOf(organization.id)).toMatchObject({ state: 'done', resourceName: 'acme-adf-azure' });
    expect((await detailsOf(organization.id))?.azure).toMatchObject({
      factory: 'acme-adf-azure',
      created: true,
      pipelines,
      run: { pipeline: pipelines[0], runId: run!.runId },
      runAt: expect.any(String),
    });
    // The run goes Queued → InProgress → Succeeded as ARM reports it.
    const client = dataFactoryClientOf(t.config)!;
    const statuses = [];
    for (let read = 0; read < 3; read++) statuses.push((await client.getRun('acme-adf-azure', run!.runId)).status);
    expect(statuses).toEqual(['Queued', 'InProgress', 'Succeeded']);

    // Again: the factory PUT answers 200 (found), the pipelines are PUT again unchanged, one more smoke run.
    const againFrom = arm.requests.length;
    const again = await createFactory(organization.id, 'acme-adf-azure');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(onboardingMessages.dataFactoryExisted('acme-adf-azure'));
    expect(again.json().data).toMatchObject({ created: false, azure: { created: false, pipelines } });
    expect(callsSince(againFrom)[0]).toBe(`PUT ${factoryPath}`);
    expect(callsSince(againFrom).filter((call) => call.startsWith('GET /operations/'))).toEqual([]);
    expect([...arm.factories.keys()].filter((name) => name === 'acme-adf-azure')).toHaveLength(1);
    expect([...factory.pipelines.keys()].sort()).toEqual([...pipelines].sort());
    expect(await typeNames(organization.id)).toEqual([...pipelines].sort());
  });

  it('fails the step with the spec message and changes nothing when ARM refuses', async () => {
    const organization = await createOrganization(t.database);
    await t.app.services.dataTypes.seedStandardForAll();
    const typesBefore = await t.app.services.dataTypes.listAll(organization.id);
    arm.inject({
      match: /^PUT .*\/factories\/refused-adf$/,
      status: 403,
      code: 'AuthorizationFailed',
      message: `The client does not have authorization to perform action 'Microsoft.DataFactory/factories/write'.`,
    });

    const response = await createFactory(organization.id, 'refused-adf');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ status: false, message: onboardingMessages.dataFactoryFailed });
    expect(await t.app.services.dataTypes.listAll(organization.id)).toEqual(typesBefore);
    expect(arm.factories.has('refused-adf')).toBe(false);
    const step = await stepOf(organization.id);
    expect(step).toMatchObject({ state: 'failed', resourceName: 'refused-adf' });
    expect(step?.reason).toBe(
      `The service principal may not manage data factories in the resource group ${ARM_RESOURCE_GROUP}: AuthorizationFailed: ` +
        `The client does not have authorization to perform action 'Microsoft.DataFactory/factories/write'.`,
    );
  });
});

describe('Import Data Factory with Azure configured', () => {
  it("puts the imported organization's pipelines in the Azure factory too", async () => {
    const source = await createOrganization(t.database);
    await createDataType(t.database, source.id, { name: 'Bank lines', columns: DEBIT });
    const target = await createOrganization(t.database);

    const response = await importFactory(target.id, {
      factoryName: 'imported-adf',
      databaseName: 'imported_db',
      containerName: 'imported-files',
      cloneFromDatabase: t.app.services.warehouse.schemaOf(source.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    const pipelines = response.json().data.pipelines as string[];
    expect(pipelines).toContain('Bank lines');
    expect([...arm.factories.get('imported-adf')!.pipelines.keys()].sort()).toEqual([...pipelines].sort());
    expect(response.json().data.azure).toMatchObject({ factory: 'imported-adf', created: true });
    expect(await stepOf(target.id)).toMatchObject({ state: 'done', resourceName: 'imported-adf' });
  });

  it('takes back the imported data types when ARM refuses a pipeline, with the spec message', async () => {
    const source = await createOrganization(t.database);
    await createDataType(t.database, source.id, { name: 'Card lines', columns: DEBIT });
    const target = await createOrganization(t.database);
    await t.app.services.dataTypes.seedStandardForAll();
    const typesBefore = await typeNames(target.id);
    arm.inject({
      match: /^PUT .*\/factories\/half-adf\/pipelines\/Card%20lines$/,
      status: 400,
      code: 'BadRequest',
      message: 'The document creation or update failed because of invalid reference.',
    });

    const response = await importFactory(target.id, {
      factoryName: 'half-adf',
      databaseName: 'half_db',
      containerName: 'half-files',
      cloneFromDatabase: t.app.services.warehouse.schemaOf(source.id),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ status: false, message: onboardingMessages.importFailed });
    expect(await typeNames(target.id)).toEqual(typesBefore);
    expect(await stepOf(target.id)).toMatchObject({
      state: 'failed',
      reason:
        'Azure Resource Manager refused the request (HTTP 400): BadRequest: The document creation or update failed because of invalid reference.',
    });
  });
});

it('never shows the client secret or an access token in responses or logs', async () => {
  const organization = await createOrganization(t.database);
  const response = await createFactory(organization.id, 'secret-adf');
  expect(response.statusCode, response.body).toBe(200);
  const status = await t.app.inject({
    method: 'GET',
    url: `/api/v1/onboard/status/${organization.id}`,
    headers: bearer(adminToken),
  });
  expect(arm.issuedTokens().length).toBeGreaterThan(0);
  for (const text of [response.body, status.body, logText, JSON.stringify(await detailsOf(organization.id))]) {
    expect(text).not.toContain(ARM_CLIENT_SECRET);
    for (const token of arm.issuedTokens()) expect(text).not.toContain(token);
  }
  expect(logText).not.toBe('');
});
