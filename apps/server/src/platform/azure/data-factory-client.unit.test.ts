import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARM_CLIENT_ID,
  ARM_CLIENT_SECRET,
  ARM_LOCATION,
  ARM_RESOURCE_GROUP,
  ARM_SUBSCRIPTION,
  ARM_TENANT,
  startArmFake,
  type ArmFake,
} from '../../../test/arm-fake.ts';
import { createDataFactoryClient, DataFactoryError, type DataFactorySettings } from './data-factory-client.ts';

let fake: ArmFake;
beforeAll(async () => {
  fake = await startArmFake();
});
afterAll(() => fake?.close());

const settings = (overrides: Partial<DataFactorySettings> = {}): DataFactorySettings => ({
  tenantId: ARM_TENANT,
  clientId: ARM_CLIENT_ID,
  clientSecret: ARM_CLIENT_SECRET,
  subscriptionId: ARM_SUBSCRIPTION,
  resourceGroup: ARM_RESOURCE_GROUP,
  location: ARM_LOCATION,
  authorityUrl: fake.url,
  managementUrl: fake.url,
  ...overrides,
});
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a DataFactoryError'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(DataFactoryError);
      return error as DataFactoryError;
    },
  );
const pipeline = {
  properties: { activities: [{ name: 'Sales', type: 'Wait', typeProperties: { waitTimeInSeconds: 1 } }] },
};

describe('the Data Factory client', () => {
  it('creates a factory by polling its Azure-AsyncOperation, then finds it on the next PUT', async () => {
    const client = createDataFactoryClient(settings());
    expect(await client.ensureFactory('unit-adf')).toEqual({ created: true });
    expect(fake.factories.get('unit-adf')).toMatchObject({ location: ARM_LOCATION, provisioningState: 'Succeeded' });
    expect(await client.ensureFactory('unit-adf')).toEqual({ created: false });
  });

  it('creates a factory answered 201 while provisioning by reading it until it has succeeded', async () => {
    fake.setFactoryCreation('provisioning-state');
    try {
      const client = createDataFactoryClient(settings(), { pollMs: 1 });
      const from = fake.requests.length;
      expect(await client.ensureFactory('slow-adf')).toEqual({ created: true });
      const factoryPath = `/subscriptions/${ARM_SUBSCRIPTION}/resourceGroups/${ARM_RESOURCE_GROUP}/providers/Microsoft.DataFactory/factories/slow-adf`;
      expect(fake.requests.slice(from).map((request) => `${request.method} ${request.path}`)).toEqual([
        `PUT ${factoryPath}`,
        `GET ${factoryPath}`,
        `GET ${factoryPath}`,
      ]);
      expect(fake.factories.get('slow-adf')?.provisioningState).toBe('Succeeded');
    } finally {
      fake.setFactoryCreation('async-operation');
    }
  });

  it('reports a run as ARM moves it: Queued, InProgress, then Failed with its message', async () => {
    const client = createDataFactoryClient(settings());
    await client.ensureFactory('run-adf');
    await client.putPipeline('run-adf', 'Sales', pipeline);
    fake.nextRuns({ status: 'Failed', message: 'Operation on target Sales failed' });
    const { runId } = await client.createRun('run-adf', 'Sales', { organizationId: 'org-1', fileId: '' });
    fake.nextRuns({ status: 'Succeeded' });
    expect(fake.runs.get(runId)?.parameters).toEqual({ organizationId: 'org-1', fileId: '' });
    const reads = [];
    for (let read = 0; read < 3; read++) reads.push(await client.getRun('run-adf', runId));
    expect(reads.map((run) => run.status)).toEqual(['Queued', 'InProgress', 'Failed']);
    expect(reads[2]).toMatchObject({ runId, pipelineName: 'Sales', message: 'Operation on target Sales failed' });
  });

  it('renews a token ARM refuses with 401 and retries the call once', async () => {
    const client = createDataFactoryClient(settings());
    await client.ensureFactory('renew-adf');
    const first = await client.accessToken();
    fake.expireTokens();
    expect(await client.ensureFactory('renew-adf')).toEqual({ created: false });
    expect(await client.accessToken()).not.toBe(first);
  });

  it("says in our words what ARM's error code means, keeping ARM's code and message", async () => {
    const client = createDataFactoryClient(settings({ resourceGroup: 'missing-rg' }));
    const missing = await failureOf(client.ensureFactory('any-adf'));
    expect(missing).toMatchObject({ status: 404, code: 'ResourceGroupNotFound' });
    expect(missing.message).toBe(
      "The resource group missing-rg does not exist: ResourceGroupNotFound: Resource group 'missing-rg' could not be found.",
    );

    fake.inject({ match: /factories\/taken-adf$/, status: 409, code: 'DataFactoryNameInUse', message: 'In use.' });
    const taken = await failureOf(createDataFactoryClient(settings()).ensureFactory('taken-adf'));
    expect(taken.message).toBe(
      'The data factory name is taken in Azure (factory names are global): DataFactoryNameInUse: In use.',
    );

    const noPipeline = await failureOf(createDataFactoryClient(settings()).createRun('unit-adf', 'Nope', {}));
    expect(noPipeline.message).toBe(
      'Azure Resource Manager refused the request (HTTP 404): PipelineNotFound: Pipeline Nope not found.',
    );
  });

  it("reports Entra's refusal of a wrong secret without the secret", async () => {
    const client = createDataFactoryClient(settings({ clientSecret: 'wrong-secret-value' }));
    const error = await failureOf(client.ensureFactory('any-adf'));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(
      /^Azure sign-in failed for the service principal \(AZURE_CLIENT_ID\): invalid_client: AADSTS7000215: Invalid client secret provided/,
    );
    expect(error.message).not.toContain('wrong-secret-value');
  });

  it('says Azure could not be reached when nothing answers', async () => {
    const client = createDataFactoryClient(settings({ authorityUrl: 'http://127.0.0.1:1' }));
    const error = await failureOf(client.ensureFactory('any-adf'));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Azure could not be reached: /);
  });
});
