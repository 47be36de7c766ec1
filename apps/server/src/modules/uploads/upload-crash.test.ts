import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { startLedgerServer, type LedgerServer } from '../../../test/ledger-server.ts';
import { glCsv, sealedUploadForm } from '../../../test/uploads.ts';
import { keyOfTemporary } from '../../platform/storage/storage.ts';

/**
 * The real process (src/server.ts) on the project's database is killed with SIGKILL while an upload and two
 * Import Flat File requests are under way: one upload and one import half-way through their bodies (a
 * temporary file each), one import reading its whole sealed copy into COPY. After the next start none of
 * those files is left, the sweep says how many files and bytes it removed, and the upload completed before
 * the crash is still there and loads.
 */
const PERIOD = '2024-06';

let ledger: LedgerServer;
let organizationId: string;
let uploadsDir: string;
let importsDir: string;

beforeAll(async () => {
  // On PostgreSQL a hold is another process's until it is this old: the restarted server's timer takes it then.
  ledger = await startLedgerServer({
    name: 'upload-crash',
    ledgerLines: 100,
    env: { JOB_STALE_AFTER_SECONDS: '3' },
  });
  ({ organizationId } = ledger);
  uploadsDir = path.join(ledger.dataDir, 'files', 'uploads', organizationId);
  importsDir = path.join(ledger.dataDir, 'files', 'flat-file-imports', organizationId);
}, 180_000);

afterAll(() => ledger?.dispose());

/**
 * Sends the form's headers and its first `fraction` of bytes, and keeps the connection open: the server is
 * caught in the middle of reading the file. The request ends with the server.
 */
function sendPart(
  token: string,
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
  fraction: number,
) {
  const request = http.request(`${ledger.server.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-length': form.payload.length, ...form.headers },
  });
  request.on('error', () => undefined); // reset by the kill
  request.write(form.payload.subarray(0, Math.floor(form.payload.length * fraction)));
  return request;
}

/** The files of a folder with their sizes (none when the folder is missing). */
const filesIn = (dir: string) =>
  fs.existsSync(dir)
    ? Object.fromEntries(fs.readdirSync(dir).map((name) => [name, fs.statSync(path.join(dir, name)).size]))
    : {};

const temporaryFiles = (dir: string) =>
  Object.entries(filesIn(dir)).filter(([name, size]) => keyOfTemporary(name) !== undefined && size > 0);

/** A CSV for Import Flat File: `rows` rows of four columns. */
const flatCsv = (rows: number) => {
  const lines = ['id,name,amount,day'];
  for (let i = 1; i <= rows; i++)
    lines.push(`${i},Customer ${i},${i}.25,2024-06-${String((i % 28) + 1).padStart(2, '0')}`);
  return `${lines.join('\n')}\n`;
};

describe('a server killed in the middle of uploads and imports', () => {
  it('leaves no temporary or import file after the next start, and keeps the completed upload', async () => {
    let token = await ledger.signIn();
    const { body: key } = await ledger.api<{ data: UploadKey }>(token, 'GET', '/api/v1/pipeline/upload-key');
    const { body: types } = await ledger.api<{ data: { dataTypes: { id: string; isStandard: boolean }[] } }>(
      token,
      'GET',
      `/api/v1/data-types/${organizationId}?targetTable=02_GL_Detail`,
    );
    const glDetail = types.data.dataTypes.find((type) => type.isStandard)!;
    const uploadForm = (journals: number) =>
      sealedUploadForm(key.data, { organizationId, data_type_id: glDetail.id, period: PERIOD }, [
        { name: `june-${journals}.csv`, content: glCsv(PERIOD, journals, ['1000', '1300']) },
      ]);
    const importForm = (tableName: string, rows: number) =>
      sealedUploadForm(
        key.data,
        { orgID: organizationId, tableName },
        [{ name: 'data.csv', content: flatCsv(rows) }],
        'file',
      );

    // Completed before the crash: recorded, so never the sweep's.
    const completed = await ledger.api<{ data: { files: { id: string }[] } }>(
      token,
      'POST',
      '/api/v1/pipeline/file-upload',
      await uploadForm(10),
    );
    expect(completed.status).toBe(200);
    const completedId = completed.body.data.files[0]!.id;

    // Half-way through their bodies: each has a temporary file being written.
    const halfUpload = sendPart(token, '/api/v1/pipeline/file-upload', await uploadForm(60_000), 0.6);
    const halfImport = sendPart(token, '/api/v1/pipeline/saveCSV', await importForm('crash_half', 200_000), 0.6);
    await expect.poll(() => temporaryFiles(uploadsDir).length, { timeout: 60_000 }).toBe(1);
    await expect.poll(() => temporaryFiles(importsDir).length, { timeout: 60_000 }).toBe(1);

    // Whole: its sealed copy is stored, and read again into COPY.
    const wholeImport = sendPart(token, '/api/v1/pipeline/saveCSV', await importForm('crash_whole', 300_000), 1);
    await expect
      .poll(() => Object.keys(filesIn(importsDir)).filter((name) => keyOfTemporary(name) === undefined), {
        timeout: 60_000,
        interval: 5,
      })
      .toHaveLength(1);
    ledger.server.kill('SIGKILL');
    expect((await ledger.server.exited).signal).toBe('SIGKILL');
    for (const request of [halfUpload, halfImport, wholeImport]) request.destroy();

    // What the killed process left: its upload's temporary file, an import's temporary file, an import's copy.
    const left = { ...filesIn(uploadsDir), ...filesIn(importsDir) };
    delete left[completedId];
    expect(Object.keys(left)).toHaveLength(3);
    const leftBytes = Object.values(left).reduce((sum, size) => sum + size, 0);
    expect(leftBytes).toBeGreaterThan(1_000_000);

    await ledger.restart();
    await expect.poll(() => filesIn(importsDir), { timeout: 30_000 }).toEqual({});
    await expect.poll(() => Object.keys(filesIn(uploadsDir)), { timeout: 30_000 }).toEqual([completedId]);
    // The sweep logs once it has removed everything: its line may reach the test after the files are gone.
    const swept = () => {
      const sweeps = ledger.server.logs.filter((record) => record.msg === 'orphan files removed');
      return {
        files: sweeps.reduce((sum, record) => sum + Number(record.files), 0),
        bytes: sweeps.reduce((sum, record) => sum + Number(record.bytes), 0),
      };
    };
    await expect.poll(swept, { timeout: 10_000 }).toEqual({ files: 3, bytes: leftBytes });

    // The completed upload is still the one file listed, and a pipeline run reads and loads it.
    token = await ledger.signIn();
    const { body: files } = await ledger.api<{ data: { files: { id: string; status: string }[] } }>(
      token,
      'GET',
      `/api/v1/pipeline/list-files/${organizationId}`,
    );
    expect(files.data.files).toEqual([expect.objectContaining({ id: completedId, status: 'uploaded' })]);
    const { body: run } = await ledger.api<{ data: { runIds: string[] } }>(
      token,
      'POST',
      `/api/v1/pipeline/run-pipeline/${organizationId}?pipelineName=${encodeURIComponent('GL Detail')}`,
    );
    const runId = run.data.runIds[0]!;
    await expect
      .poll(
        async () =>
          (
            await ledger.api<{ data: { run: { status: string; rowsLoaded: number } } }>(
              token,
              'GET',
              `/api/v1/pipeline/runs/${runId}`,
            )
          ).body.data.run,
        { timeout: 60_000, interval: 100 },
      )
      .toMatchObject({ status: 'succeeded', rowsLoaded: 20 });
  }, 300_000);
});
