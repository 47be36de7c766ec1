import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FOLDERS, onboardingMessages } from '@finboard/shared/onboarding';
import { rowsOf } from '../../db/client.ts';
import { createLocalContainerStore, type ContainerStore } from '../../platform/storage/containers.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createDataType, createOrganization, login } from '../../../test/factories.ts';

let t: TestApp;
let adminToken: string;
let containersRoot: string;
/** A folder name whose creation fails, as a store failing half-way would (undefined: none fails). */
let faultyFolder: string | undefined;

beforeAll(async () => {
  containersRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'finboard-onboarding-'));
  const local = createLocalContainerStore(containersRoot);
  const containers: ContainerStore = {
    ...local,
    async createFolder(container, folder) {
      if (folder === faultyFolder) throw new Error('injected fault');
      await local.createFolder(container, folder);
    },
  };
  t = await buildTestApp({}, { containers });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  await t?.close();
  if (containersRoot) await fs.rm(containersRoot, { recursive: true, force: true });
});

const admin = () => bearer(adminToken);
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: admin() });
const createContainer = (orgID: string, containerName: string, folders?: string[]) =>
  post('/api/v1/onboard/storage/create-container', { orgID, containerJson: { containerName, folders } });
const createDatabase = (orgID: string, databaseName: string, cloneFromDatabase?: string) =>
  post('/api/v1/onboard/sql/create-database', { orgID, databaseJson: { databaseName, cloneFromDatabase } });
const statusOf = async (orgID: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/onboard/status/${orgID}`, headers: admin() })).json();
const stepOf = async (orgID: string, step: string) =>
  (await statusOf(orgID)).data.steps.find((entry: { step: string }) => entry.step === step);
const listing = (name: string) =>
  fs.readdir(path.join(containersRoot, name)).then(
    (entries) => entries.sort(),
    () => undefined,
  );

describe('storage: POST /api/v1/onboard/storage/create-container', () => {
  it('creates the container with the default folders, and says a second run changed nothing', async () => {
    const organization = await createOrganization(t.database);
    expect((await stepOf(organization.id, 'storage')).state).toBe('not started');

    const first = await createContainer(organization.id, 'acme-files');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      status: true,
      message: onboardingMessages.containerCreated('acme-files', DEFAULT_FOLDERS),
      data: { orgID: organization.id, containerName: 'acme-files', folders: [...DEFAULT_FOLDERS], created: true },
    });
    expect(await listing('acme-files')).toEqual([...DEFAULT_FOLDERS].sort());
    expect(await stepOf(organization.id, 'storage')).toMatchObject({
      state: 'done',
      resourceName: 'acme-files',
      reason: null,
    });

    const again = await createContainer(organization.id, 'acme-files');
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(onboardingMessages.containerExisted('acme-files'));
    expect(again.json().data.created).toBe(false);
    expect(await listing('acme-files')).toEqual([...DEFAULT_FOLDERS].sort());
  });

  it("refuses another organization's container and a second container for one organization", async () => {
    const first = await createOrganization(t.database);
    const second = await createOrganization(t.database);
    expect((await createContainer(first.id, 'first-files')).statusCode).toBe(200);

    const taken = await createContainer(second.id, 'first-files');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(onboardingMessages.containerTaken('first-files'));
    const another = await createContainer(first.id, 'other-files');
    expect(another.statusCode).toBe(409);
    expect(another.json().message).toBe(onboardingMessages.otherContainer('first-files'));
    expect(await listing('other-files')).toBeUndefined();
    expect((await stepOf(second.id, 'storage')).state).toBe('not started');
  });

  it('leaves nothing behind when a folder fails half-way, and records the failure', async () => {
    const organization = await createOrganization(t.database);
    faultyFolder = 'rejected';
    try {
      const response = await createContainer(organization.id, 'half-made');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ status: false, message: onboardingMessages.containerFailed });
    } finally {
      faultyFolder = undefined;
    }
    expect(await listing('half-made')).toBeUndefined();
    expect(await stepOf(organization.id, 'storage')).toMatchObject({
      state: 'failed',
      resourceName: 'half-made',
      reason: 'injected fault',
    });

    // Once the store works again the step completes.
    expect((await createContainer(organization.id, 'half-made')).json().data.created).toBe(true);
    expect((await stepOf(organization.id, 'storage')).state).toBe('done');
  });

  it('refuses a name Azure Blob would refuse, before touching the store', async () => {
    const organization = await createOrganization(t.database);
    const response = await createContainer(organization.id, 'Bad_Name');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { msg: onboardingMessages.containerNameInvalid, path: 'containerJson.containerName' },
    ]);
  });
});

describe('database: POST /api/v1/onboard/sql/create-database', () => {
  const warehouse = () => t.app.services.warehouse;
  const countOf = async (organizationId: string, table: string) =>
    warehouse().withOrganization(organizationId, async (tx) => {
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from "${table}"`)));
      return row!.n;
    });

  /** An organization with books: periods, accounts, GL lines and a data type of its own with a saved layout. */
  async function sourceWithBooks() {
    const source = await createOrganization(t.database, { name: `Source ${Date.now()}` });
    await warehouse().provision(source.id);
    await warehouse().loadTables(source.id, [
      {
        table: '00_Period',
        columns: ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
        rows: [
          ['2024-01', '2024-01-01', '2024-01-31', 2024, 1],
          ['2024-02', '2024-02-01', '2024-02-29', 2024, 2],
        ],
      },
      {
        table: '01_Account',
        columns: ['account_code', 'account_name', 'account_type'],
        rows: [
          ['1000', 'Cash', 'asset'],
          ['4000', 'Sales', 'revenue'],
          ['6000', 'Rent', 'expense'],
        ],
      },
      {
        table: '02_GL_Detail',
        columns: ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
        rows: [
          ['J1', 1, '2024-01-05', '2024-01', '1000', '100.00', '0'],
          ['J1', 2, '2024-01-05', '2024-01', '4000', '0', '100.00'],
        ],
      },
    ]);
    const dataType = await createDataType(t.database, source.id, {
      name: 'Bank lines',
      columns: [{ name: 'debit', type: 'numeric', required: true }],
      columnMappings: [{ header: ['Amt'], mapping: { Amt: 'debit' } }],
    });
    return { source, dataType };
  }

  it('names the warehouse and clones reference data, never the ledger; a second run adds nothing', async () => {
    const { source } = await sourceWithBooks();
    const target = await createOrganization(t.database);

    const response = await createDatabase(target.id, 'target_books', warehouse().schemaOf(source.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: onboardingMessages.databaseCloned('target_books', warehouse().schemaOf(source.id)),
      data: {
        orgID: target.id,
        databaseName: 'target_books',
        created: true,
        cloned: {
          from: warehouse().schemaOf(source.id),
          periods: 2,
          accounts: 3,
          dataTypes: 1,
          columnMappings: 1,
        },
      },
    });
    expect(await countOf(target.id, '00_Period')).toBe(2);
    expect(await countOf(target.id, '01_Account')).toBe(3);
    expect(await countOf(target.id, '02_GL_Detail')).toBe(0);
    const cloned = (await t.app.services.dataTypes.listAll(target.id)).find((type) => type.name === 'Bank lines');
    expect(cloned?.columnMappings).toEqual([{ header: ['Amt'], mapping: { Amt: 'debit' } }]);
    expect(await stepOf(target.id, 'database')).toMatchObject({ state: 'done', resourceName: 'target_books' });

    // Cloning again from the registered name of the source works the same and adds nothing.
    await createDatabase(source.id, 'source_books');
    const again = await createDatabase(target.id, 'target_books', 'source_books');
    expect(again.json().message).toBe(onboardingMessages.databaseExisted('target_books'));
    expect(again.json().data).toMatchObject({
      created: false,
      cloned: { periods: 0, accounts: 0, dataTypes: 0, columnMappings: 0 },
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/onboard/sql/list-databases', headers: admin() });
    expect(list.statusCode).toBe(200);
    const databases = list.json().data.databases as { name: string; organizationId: string }[];
    expect(databases.find((database) => database.organizationId === target.id)).toMatchObject({
      name: 'target_books',
      organization: target.name,
      created: target.createdAt.toISOString(),
    });
    const entry = databases.find((database) => database.name === 'source_books') as unknown as {
      tables: number;
      size: number;
    };
    expect(entry.tables).toBeGreaterThanOrEqual(5);
    expect(entry.size).toBeGreaterThan(0);
  });

  it('creates a warehouse that did not exist yet, and refuses names held elsewhere', async () => {
    const organization = await createOrganization(t.database);
    const response = await createDatabase(organization.id, 'fresh_books');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(onboardingMessages.databaseCreated('fresh_books'));
    expect(await countOf(organization.id, '01_Account')).toBe(0);

    const other = await createOrganization(t.database);
    const taken = await createDatabase(other.id, 'fresh_books');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(onboardingMessages.databaseTaken('fresh_books'));
    const schemaLike = await createDatabase(other.id, warehouse().schemaOf(organization.id));
    expect(schemaLike.statusCode).toBe(409);
    const missing = await createDatabase(other.id, 'other_books', 'no_such_books');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(onboardingMessages.cloneSourceMissing('no_such_books'));
    const itself = await createDatabase(organization.id, 'fresh_books', 'fresh_books');
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe(onboardingMessages.cloneFromItself);
  });

  it('leaves nothing of a clone behind when the copy fails half-way, and records the failure', async () => {
    const { source } = await sourceWithBooks();
    const target = await createOrganization(t.database);
    await warehouse().provision(target.id);
    const schema = warehouse().schemaOf(target.id);
    // The fault: the target refuses account rows (the periods and data types are copied before them).
    await t.database.db.execute(
      sql.raw(`create function ${schema}.refuse() returns trigger language plpgsql as $$
        begin raise exception 'injected fault'; end $$;
        create trigger refuse before insert on ${schema}."01_Account" for each row execute function ${schema}.refuse()`),
    );
    const typesBefore = await t.app.services.dataTypes.listAll(target.id);

    const response = await createDatabase(target.id, 'doomed_books', warehouse().schemaOf(source.id));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ status: false, message: onboardingMessages.databaseFailed });
    expect(await countOf(target.id, '00_Period')).toBe(0);
    expect(await t.app.services.dataTypes.listAll(target.id)).toEqual(typesBefore);
    expect(await stepOf(target.id, 'database')).toMatchObject({
      state: 'failed',
      resourceName: 'doomed_books',
      reason: 'injected fault',
    });
  });
});

describe('data factory: POST /api/v1/onboard/data-factory/create and /import', () => {
  const createFactory = (orgID: string, dataFactoryName: string) =>
    post('/api/v1/onboard/data-factory/create', { orgID, dataFactoryJson: { dataFactoryName } });
  const importFactory = (orgID: string, body: Record<string, string>) =>
    post('/api/v1/onboard/data-factory/import', { orgID, ...body });
  const typeNames = async (organizationId: string) =>
    (await t.app.services.dataTypes.listAll(organizationId)).map((type) => type.name).sort();

  it('gives the organization the standard pipelines; a second run changes nothing', async () => {
    const organization = await createOrganization(t.database);
    const response = await createFactory(organization.id, 'acme-adf');
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = response.json();
    // One pipeline per data type: the standard ones, seeded by the step for this bare organization.
    const pipelines = data.pipelines as string[];
    expect(pipelines.length).toBeGreaterThan(0);
    expect([...pipelines].sort()).toEqual(await typeNames(organization.id));
    expect(data).toEqual({
      orgID: organization.id,
      dataFactoryName: 'acme-adf',
      created: true,
      pipelines,
      imported: null,
    });
    expect(message).toBe(onboardingMessages.dataFactoryCreated('acme-adf', pipelines.length));
    expect(await stepOf(organization.id, 'data-factory')).toMatchObject({ state: 'done', resourceName: 'acme-adf' });

    const again = await createFactory(organization.id, 'acme-adf');
    expect(again.json().message).toBe(onboardingMessages.dataFactoryExisted('acme-adf'));
    expect(again.json().data.created).toBe(false);
    expect(await typeNames(organization.id)).toEqual([...pipelines].sort());

    const other = await createOrganization(t.database);
    const taken = await createFactory(other.id, 'acme-adf');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(onboardingMessages.dataFactoryTaken('acme-adf'));
  });

  it("imports another organization's pipeline definitions, data types and column mappings", async () => {
    const source = await createOrganization(t.database);
    await createDataType(t.database, source.id, {
      name: 'Bank lines',
      columns: [{ name: 'debit', type: 'numeric', required: true }],
      columnMappings: [{ header: ['Amt'], mapping: { Amt: 'debit' } }],
    });
    await createDatabase(source.id, 'import_source');
    const target = await createOrganization(t.database);
    await createContainer(target.id, 'import-target');

    const wrongContainer = await importFactory(target.id, {
      factoryName: 'target-adf',
      databaseName: 'target_db',
      containerName: 'not-ours',
    });
    expect(wrongContainer.statusCode).toBe(409);
    expect(wrongContainer.json().message).toBe(onboardingMessages.otherContainer('import-target'));

    const response = await importFactory(target.id, {
      factoryName: 'target-adf',
      databaseName: 'target_db',
      containerName: 'import-target',
      cloneFromDatabase: 'import_source',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(onboardingMessages.dataFactoryImported('target-adf', 'import_source'));
    expect(response.json().data).toMatchObject({
      created: true,
      imported: { from: 'import_source', dataTypes: 1, columnMappings: 1 },
    });
    expect(response.json().data.pipelines).toContain('Bank lines');
    const bank = (await t.app.services.dataTypes.listAll(target.id)).find((type) => type.name === 'Bank lines');
    expect(bank?.columnMappings).toEqual([{ header: ['Amt'], mapping: { Amt: 'debit' } }]);
  });

  it('leaves nothing of an import behind when it fails half-way, and records the failure', async () => {
    const source = await createOrganization(t.database);
    const debit = [{ name: 'debit', type: 'numeric', required: true }];
    await createDataType(t.database, source.id, { name: 'Alpha lines', columns: debit });
    await createDataType(t.database, source.id, {
      name: 'Beta lines',
      columns: debit,
      columnMappings: [{ header: ['Amt'], mapping: { Amt: 'debit' } }],
    });
    const target = await createOrganization(t.database);
    // The target's own Beta lines has no debit column: the source's mapping cannot be saved on it.
    await createDataType(t.database, target.id, {
      name: 'Beta lines',
      columns: [{ name: 'credit', type: 'numeric', required: true }],
    });

    const response = await importFactory(target.id, {
      factoryName: 'failing-adf',
      databaseName: 'failing_db',
      containerName: 'failing-files',
      cloneFromDatabase: warehouseSchema(source.id),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ status: false, message: onboardingMessages.importFailed });
    // Alpha lines, created before Beta lines failed, is gone again; Beta lines is as it was.
    const after = await t.app.services.dataTypes.listAll(target.id);
    expect(after.map((type) => type.name)).not.toContain('Alpha lines');
    expect(after.find((type) => type.name === 'Beta lines')?.columnMappings).toEqual([]);
    expect((await stepOf(target.id, 'data-factory')).state).toBe('failed');
  });
});

const warehouseSchema = (organizationId: string) => t.app.services.warehouse.schemaOf(organizationId);
