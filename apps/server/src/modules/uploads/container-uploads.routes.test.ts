import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { BlobServiceClient } from '@azure/storage-blob';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealedBlob, sealUpload, type UploadKey } from '@finboard/shared/upload-encryption';
import { flatFileMessages } from '@finboard/shared/flat-file';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { fileHolds, uploadedFiles } from '../../db/schema.ts';
import {
  createAzureContainerStore,
  createLocalContainerStore,
  FOLDER_MARKER,
  type ContainerStore,
} from '../../platform/storage/containers.ts';
import { startAzurite, type Azurite } from '../../../test/azurite.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createUser, login } from '../../../test/factories.ts';
import { createTestJobRunner } from '../../../test/jobs.ts';
import { fetchUploadKey, glCsv, sealedFormOfParts, sealedUploadForm } from '../../../test/uploads.ts';

// Issue 14: once an organization's storage step is done, its uploads go to its container's incoming folder
// and its pipeline runs move them to processed or rejected. Run on the local store and on Azurite.

const PERIODS_CSV =
  'Period,start_date,end_date,fiscal_year,fiscal_period,is_closed\n2026-01,2026-01-01,2026-01-31,2026,1,false\n';

let azurite: Azurite;
let root: string;
beforeAll(async () => {
  azurite = await startAzurite();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-container-uploads-'));
});
afterAll(async () => {
  await azurite?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The store, with copies that fail while `failCopies` is set (a move that fails half-way); `puts` lists what was written. */
function flaky(store: ContainerStore) {
  const state = { failCopies: false, puts: [] as string[] };
  const wrapped: ContainerStore = {
    ...store,
    files(container) {
      const files = store.files(container);
      return {
        ...files,
        putStream(key, data) {
          state.puts.push(`${container}/${key}`);
          return files.putStream(key, data);
        },
        async copy(from, to) {
          if (state.failCopies) throw new Error('injected copy fault');
          await files.copy(from, to);
        },
      };
    },
  };
  return { store: wrapped, state };
}

/** The file names in a folder of a container, as each store lists them (markers left out). */
const listings: Record<string, (container: string, folder: string) => Promise<string[]>> = {
  local: async (container, folder) => {
    const dir = path.join(root, container, folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  },
  'azure-blob': async (container, folder) => {
    const client = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(container);
    const names: string[] = [];
    for await (const blob of client.listBlobsFlat({ prefix: `${folder}/` })) {
      const name = blob.name.slice(folder.length + 1);
      if (name !== FOLDER_MARKER) names.push(name);
    }
    return names.sort();
  },
};

describe.each([
  { kind: 'local', store: () => createLocalContainerStore(root) },
  { kind: 'azure-blob', store: () => createAzureContainerStore(azurite.connectionString) },
])('uploads of an onboarded organization on the $kind store', ({ kind, store }) => {
  const jobs = createTestJobRunner();
  const logs: string[] = [];
  let containerStore: ReturnType<typeof flaky>;
  let t: TestApp;
  let adminToken: string;
  let uploadKey: UploadKey;
  const list = (container: string, folder: string) => listings[kind]!(container, folder);

  beforeAll(async () => {
    containerStore = flaky(store());
    // A file hold unrenewed for 3 s is a dead process's: the orphan sweep looks every 1.5 s.
    t = await buildTestApp(
      { JOB_STALE_AFTER_SECONDS: 3 },
      {
        jobs: jobs.runner,
        containers: containerStore.store,
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logs.push(String(chunk));
            done();
          },
        }),
      },
    );
    adminToken = await login(t.app, TEST_ADMIN);
    uploadKey = await fetchUploadKey(t.app, adminToken);
  });
  afterAll(() => t?.close());

  /** An organization added as an administrator does (standard types, pipelines), its user, and optionally its container. */
  async function organization(container?: string) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organization/add',
      headers: bearer(adminToken),
      payload: {
        organizationName: `Container ${randomBytes(4).toString('hex')}`,
        organizationEmail: 'finance@container.example',
        organizationPhoneNumber: '5551234567',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id: string = added.json().data.createdOrganization.id;
    if (container) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/onboard/storage/create-container',
        headers: bearer(adminToken),
        payload: { orgID: id, containerJson: { containerName: container } },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const types = await t.app.services.dataTypes.listAll(id);
    const user = await createUser(t.database, { organizationId: id });
    return {
      id,
      token: await login(t.app, user),
      userId: user.id,
      typeId: (name: string) => types.find((type) => type.name === name)!.id,
    };
  }
  type Organization = Awaited<ReturnType<typeof organization>>;

  const upload = async (
    org: Organization,
    type: string,
    name: string,
    content: string,
    options: { token?: string; period?: string } = {},
  ) => {
    const form = await sealedUploadForm(
      uploadKey,
      {
        organizationId: org.id,
        user_id: org.userId,
        data_type_id: org.typeId(type),
        ...(options.period && { period: options.period }),
      },
      [{ name, content }],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/file-upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(options.token ?? org.token) },
    });
  };
  const runPipelines = async (org: Organization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/run-pipeline/${org.id}`,
      headers: bearer(org.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    await jobs.drain();
  };
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)))[0]!;
  const listed = async (org: Organization) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/pipeline/list-files/${org.id}`, headers: bearer(org.token) })
    ).json().data.files as { id: string; status: string; location: string | null }[];

  it('stores the upload sealed in incoming, and a run that loads it moves it to processed', async () => {
    const container = `periods-${kind}`;
    const org = await organization(container);

    const response = await upload(org, 'Periods', 'periods.csv', PERIODS_CSV);
    expect(response.statusCode, response.body).toBe(200);
    const id: string = response.json().data.files[0].id;
    expect(response.json().message.fileUrls).toEqual([`${container}/incoming/${id}`]);
    expect(await rowOf(id)).toMatchObject({ containerName: container, storageKey: `incoming/${id}` });
    expect(await list(container, 'incoming')).toEqual([id]);
    // Sealed at rest, in the container as in the platform's storage.
    const sealed = await containerStore.store.files(container).get(`incoming/${id}`);
    expect(sealed!.includes(Buffer.from('2026-01-31'))).toBe(false);
    expect(await listed(org)).toEqual([
      expect.objectContaining({ id, status: 'uploaded', location: `${container}/incoming` }),
    ]);

    await runPipelines(org);

    expect(await rowOf(id)).toMatchObject({ status: 'processed', rows: 1, storageKey: `processed/${id}` });
    expect(await list(container, 'incoming')).toEqual([]);
    expect(await list(container, 'processed')).toEqual([id]);
    expect(await listed(org)).toEqual([
      expect.objectContaining({ id, status: 'processed', location: `${container}/processed` }),
    ]);
    const periods = await t.app.services.warehouse.withOrganization(org.id, async (tx) =>
      tx.execute('select "Period" from "00_Period"'),
    );
    expect(JSON.stringify(periods)).toContain('2026-01');
  });

  it('moves the file of a failing run to rejected, and loads nothing', async () => {
    const container = `rejects-${kind}`;
    const org = await organization(container);
    // Accounts 1000 and 4000 do not exist in the new organization's chart: the load refuses the lines.
    const response = await upload(org, 'GL Detail', 'gl.csv', glCsv('2026-01', 2, ['1000', '4000']), {
      period: '2026-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    const id: string = response.json().data.files[0].id;

    await runPipelines(org);

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'rejected', storageKey: `rejected/${id}` });
    expect(row.error).toContain('1000');
    expect(await list(container, 'incoming')).toEqual([]);
    expect(await list(container, 'rejected')).toEqual([id]);
    expect(await listed(org)).toEqual([
      expect.objectContaining({ id, status: 'rejected', location: `${container}/rejected` }),
    ]);
  });

  it('keeps the file in incoming and says so in the log when the move fails, and the next run moves it', async () => {
    const container = `flaky-${kind}`;
    const org = await organization(container);
    const id: string = (await upload(org, 'Periods', 'periods.csv', PERIODS_CSV)).json().data.files[0].id;

    containerStore.state.failCopies = true;
    try {
      await runPipelines(org);
    } finally {
      containerStore.state.failCopies = false;
    }

    // The load is done and recorded; the file is where its row says: still in incoming.
    expect(await rowOf(id)).toMatchObject({ status: 'processed', storageKey: `incoming/${id}` });
    expect(await list(container, 'incoming')).toEqual([id]);
    expect(await list(container, 'processed')).toEqual([]);
    const failure = logs.map((line) => JSON.parse(line)).find((entry) => entry.fileId === id);
    expect(failure).toMatchObject({
      level: 50,
      container,
      from: `incoming/${id}`,
      to: `processed/${id}`,
      msg: 'an uploaded file could not be moved out of incoming; it stays there until the next run',
    });
    // It still opens where it is.
    await expect(t.app.services.uploads.openRows(org.id, id)).resolves.toBeDefined();

    // The next run of the organization (another file) settles it too.
    const next: string = (await upload(org, 'Periods', 'periods-2.csv', PERIODS_CSV)).json().data.files[0].id;
    await runPipelines(org);
    expect(await rowOf(id)).toMatchObject({ status: 'processed', storageKey: `processed/${id}` });
    expect(await list(container, 'processed')).toEqual([id, next].sort());
    expect(await list(container, 'incoming')).toEqual([]);
  });

  it("keeps organizations apart: another organization can neither upload into, read nor move a container's files", async () => {
    const container = `isolated-${kind}`;
    const owner = await organization(container);
    const other = await organization();
    const id: string = (await upload(owner, 'Periods', 'periods.csv', PERIODS_CSV)).json().data.files[0].id;

    // A user of the other organization naming the owner: refused before any byte is stored.
    const intruding = await upload(owner, 'Periods', 'intruder.csv', PERIODS_CSV, { token: other.token });
    expect(intruding.statusCode).toBe(403);
    expect(await list(container, 'incoming')).toEqual([id]);
    const listing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pipeline/list-files/${owner.id}`,
      headers: bearer(other.token),
    });
    expect(listing.statusCode).toBe(403);
    await expect(t.app.services.uploads.openRows(other.id, id)).rejects.toMatchObject({ statusCode: 404 });

    // The other organization (no container) keeps the platform's storage, and its run moves nothing of the owner's.
    const own: string = (await upload(other, 'Periods', 'periods.csv', PERIODS_CSV)).json().data.files[0].id;
    expect(await rowOf(own)).toMatchObject({ containerName: null, storageKey: `uploads/${other.id}/${own}` });
    await runPipelines(other);
    expect(await rowOf(own)).toMatchObject({ status: 'processed', storageKey: `uploads/${other.id}/${own}` });
    expect(await listed(other)).toEqual([expect.objectContaining({ id: own, location: null })]);
    expect(await rowOf(id)).toMatchObject({ status: 'uploaded', storageKey: `incoming/${id}` });
    expect(await list(container, 'incoming')).toEqual([id]);
    expect(await list(container, 'processed')).toEqual([]);
  });

  it('refuses an administrator’s upload or import naming a second organization after its file, leaving nothing in the container', async () => {
    const container = `second-${kind}`;
    const org = await organization(container);
    const other = await organization();
    const send = async (url: string, form: FormData) =>
      t.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload: form });
    const periods = { name: 'periods.csv', content: PERIODS_CSV };

    const upload = await send(
      '/api/v1/pipeline/file-upload',
      await sealedFormOfParts(uploadKey, [
        ['organizationId', org.id],
        ['data_type_id', org.typeId('Periods')],
        periods,
        ['organizationId', other.id],
        periods,
      ]),
    );
    const flatFile = await send(
      '/api/v1/pipeline/saveCSV',
      await sealedFormOfParts(
        uploadKey,
        [
          ['orgID', org.id],
          ['tableName', 'invoices'],
          { name: 'invoices.csv', content: 'Invoice\nA-1\n' },
          ['orgID', other.id],
        ],
        'file',
      ),
    );

    expect([upload.statusCode, upload.json()]).toEqual([
      400,
      { status: false, message: uploadApiMessages.oneOrganization },
    ]);
    expect([flatFile.statusCode, flatFile.json()]).toEqual([
      400,
      { status: false, message: flatFileMessages.oneOrganization },
    ]);
    // Both files reached the container's incoming folder as they arrived, and went with the refusal.
    expect(containerStore.state.puts.filter((key) => key.startsWith(`${container}/`))).toHaveLength(2);
    expect(await list(container, 'incoming')).toEqual([]);
    for (const id of [org.id, other.id])
      expect(await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.organizationId, id))).toEqual([]);
    expect(await t.app.services.warehouse.relationNamed(org.id, 'invoices')).toBeUndefined();
  });

  it('removes the files a killed process left in the container once its holds are stale, and keeps the uploaded ones', async () => {
    const container = `orphans-${kind}`;
    const org = await organization(container);
    const uploaded: string = (await upload(org, 'Periods', 'periods.csv', PERIODS_CSV)).json().data.files[0].id;
    // As a process killed mid-request leaves them: an Import Flat File's whole sealed copy, and an upload stored
    // but not yet recorded (on the local store with the temporary file of a write cut off), each still held by
    // the dead process, whose last renewal was a minute ago.
    const importCopy = `incoming/${randomUUID()}`;
    const unrecorded = `incoming/${randomUUID()}`;
    const files = containerStore.store.files(container);
    await files.put(importCopy, Buffer.alloc(3000, 1));
    await files.put(unrecorded, Buffer.alloc(2000, 2));
    const temporary = `${unrecorded.split('/')[1]}.4242.${randomUUID()}.tmp`;
    if (kind === 'local') fs.writeFileSync(path.join(root, container, 'incoming', temporary), Buffer.alloc(500, 3));
    for (const key of [importCopy, unrecorded])
      await t.database.db.execute(sql`insert into file_holds (container_name, storage_key, holder, renewed_at)
        values (${container}, ${key}, 'gone-host:4242:0badf00d', now() - interval '1 minute')`);
    expect(await list(container, 'incoming')).toHaveLength(kind === 'local' ? 4 : 3);

    await expect.poll(() => list(container, 'incoming'), { timeout: 20_000 }).toEqual([uploaded]);
    const sweeps = logs
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'orphan files removed' && entry.files > 0);
    expect(sweeps).toEqual([
      expect.objectContaining({ level: 30, files: kind === 'local' ? 3 : 2, bytes: kind === 'local' ? 5500 : 5000 }),
    ]);
    expect(await t.database.db.$count(fileHolds, eq(fileHolds.containerName, container))).toBe(0);
    // The uploaded file still opens where its row says.
    await expect(t.app.services.uploads.openRows(org.id, uploaded)).resolves.toBeDefined();
  });

  it('keeps an Import Flat File (saveCSV) file in the container while it imports, and nothing after', async () => {
    const container = `flat-${kind}`;
    const org = await organization(container);
    const { encryption, chunks } = await sealUpload(uploadKey, new Blob([Buffer.from('Invoice,Amount\nA-1,12.50\n')]));
    const form = new FormData();
    form.append('orgID', org.id);
    form.append('tableName', 'invoices');
    form.append('encryption', JSON.stringify(encryption));
    form.append('file', await sealedBlob(chunks), 'invoices.csv');

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/saveCSV',
      headers: bearer(org.token),
      payload: form,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ tableName: 'invoices', rows: 1 });
    expect(containerStore.state.puts.filter((key) => key.startsWith(`${container}/`))).toEqual([
      expect.stringMatching(new RegExp(`^${container}/incoming/[0-9a-f-]{36}$`)),
    ]);
    expect(await list(container, 'incoming')).toEqual([]);
    expect(fs.existsSync(path.join(t.config.DATA_DIR, 'files', 'flat-file-imports', org.id))).toBe(false);
    // Its hold ended with it.
    expect(await t.database.db.$count(fileHolds, eq(fileHolds.containerName, container))).toBe(0);
  });
});
