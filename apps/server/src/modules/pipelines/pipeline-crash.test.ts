import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineMessages } from '@finboard/shared/pipelines';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { warehouseSchemaName } from '../../warehouse/identifiers.ts';
import { startLedgerServer, type LedgerServer } from '../../../test/ledger-server.ts';
import { glCsv, sealedUploadForm } from '../../../test/uploads.ts';

/**
 * Issue 10, acceptance 3, against the real process (src/server.ts) on the project's database: the server
 * is killed with SIGKILL in the middle of a pipeline run; after a start no run is left running (the run
 * failed with the reason, its file waits again), the warehouse holds exactly the data it held before the
 * run, and running again succeeds.
 */
const PERIOD = '2024-06';
/** 200,000 lines (~14 MB): a run long enough to be caught in the middle. */
const JOURNALS = 100_000;
/** Lines the ledger already has before the run (24 periods, so a few hundred in PERIOD). */
const LEDGER_LINES = 12_000;

let ledger: LedgerServer;
let organizationId: string;

beforeAll(async () => {
  // Start-up gives the existing organization its standard data types and their pipelines. On PostgreSQL a
  // job is another worker's until its heartbeat is this old: the restarted server takes it over after that.
  ledger = await startLedgerServer({
    name: 'pipeline-crash',
    ledgerLines: LEDGER_LINES,
    env: { JOB_STALE_AFTER_SECONDS: '3' },
  });
  ({ organizationId } = ledger);
}, 180_000);

afterAll(() => ledger?.dispose());

interface Run {
  id: string;
  status: string;
  error: string | null;
  rowsLoaded: number;
  steps: { stage: string; status: string }[];
}

/** The GL of PERIOD as the Studio reads it: how many lines, and their debit and credit totals. */
async function glOfPeriod(token: string) {
  const filters = encodeURIComponent(JSON.stringify([{ column: 'period', op: 'eq', value: PERIOD }]));
  const { body } = await ledger.api<{ pagination: { total: number }; data: { totals: Record<string, string> } }>(
    token,
    'GET',
    `/api/v1/crud/${organizationId}/02_GL_Detail?pageSize=1&totals=true&filters=${filters}`,
  );
  return { lines: body.pagination.total, totals: body.data.totals };
}

async function waitForRun(token: string, runId: string, done: (run: Run) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await ledger.api<{ data: { run: Run } }>(token, 'GET', `/api/v1/pipeline/runs/${runId}`);
    if (status === 200 && done(body.data.run)) return body.data.run;
    if (Date.now() > deadline) throw new Error(`run ${runId} is still ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until the undo's removal or restoration of the warehouse's rows runs on PostgreSQL (true), or, on
 * the embedded database, a moment into the request (false: the kill may then land before or after).
 */
async function undoStatementRunning(): Promise<boolean> {
  const url = ledger.database.env.DATABASE_URL;
  if (!url) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return false;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schema = warehouseSchemaName(organizationId);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() ` +
          `AND (query LIKE 'DELETE FROM %' OR query LIKE 'INSERT INTO %jsonb_populate_record%') AND strpos(query, $1) > 0`,
        [schema],
      );
      if (rows.length > 0) return true;
      if (Date.now() > deadline) throw new Error('The undo never started removing rows');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await client.end();
  }
}

/** A GL run that replaces the period's uploaded lines (the demo's, then the file's). */
const runGl = async (token: string) => {
  const { body } = await ledger.api<{ data: { runIds: string[] } }>(
    token,
    'POST',
    `/api/v1/pipeline/run-pipeline/${organizationId}?pipelineName=${encodeURIComponent('GL Detail')}&mode=replace-periods`,
  );
  return body.data.runIds[0]!;
};

describe('a server killed in the middle of a pipeline run that replaces a period, and of its undo', () => {
  it('leaves no run running, the warehouse as it was, and the run and the undo can be done again', async () => {
    let token = await ledger.signIn();
    const before = await glOfPeriod(token);
    expect(before.lines).toBeGreaterThan(0);

    const { body: key } = await ledger.api<{ data: UploadKey }>(token, 'GET', '/api/v1/pipeline/upload-key');
    const { body: types } = await ledger.api<{ data: { dataTypes: { id: string; isStandard: boolean }[] } }>(
      token,
      'GET',
      `/api/v1/data-types/${organizationId}?targetTable=02_GL_Detail`,
    );
    const glDetail = types.data.dataTypes.find((type) => type.isStandard)!;
    const form = await sealedUploadForm(key.data, { organizationId, data_type_id: glDetail.id, period: PERIOD }, [
      { name: 'june.csv', content: glCsv(PERIOD, JOURNALS, ['1000', '1300']) },
    ]);
    const uploaded = await ledger.api<{ data: { files: { id: string }[] } }>(
      token,
      'POST',
      '/api/v1/pipeline/file-upload',
      form,
    );
    expect(uploaded.status).toBe(200);

    const runId = await runGl(token);
    // Caught once it has started loading rows: then SIGKILL, no chance to clean up.
    await waitForRun(
      token,
      runId,
      (run) => run.status === 'running' && run.steps.some((step) => step.status !== 'pending'),
    );
    ledger.server.kill('SIGKILL');
    expect((await ledger.server.exited).signal).toBe('SIGKILL');

    await ledger.restart();
    token = await ledger.signIn();
    const failed = await waitForRun(token, runId, (run) => run.status !== 'running' && run.status !== 'queued');
    expect(failed).toMatchObject({ status: 'failed', error: pipelineMessages.interrupted });
    expect(await glOfPeriod(token)).toEqual(before);
    const { body: files } = await ledger.api<{ data: { files: { id: string; status: string }[] } }>(
      token,
      'GET',
      `/api/v1/pipeline/list-files/${organizationId}`,
    );
    expect(files.data.files).toEqual([
      expect.objectContaining({ id: uploaded.body.data.files[0]!.id, status: 'uploaded' }),
    ]);

    const again = await runGl(token);
    const succeeded = await waitForRun(token, again, (run) => run.status === 'succeeded' || run.status === 'failed');
    expect(succeeded).toMatchObject({ status: 'succeeded', rowsLoaded: 2 * JOURNALS });
    // The file's lines replace the period's uploaded lines.
    const replaced = await glOfPeriod(token);
    expect(replaced.lines).toBe(2 * JOURNALS);

    // Undo this load, killed while it takes the file's 200,000 lines out and puts the period back: all of it
    // or none of it. On PostgreSQL the kill waits for the undo's own statements to be running (caught in the
    // middle, so none of it); the embedded database cannot be watched from outside its process.
    const undo = ledger.api(token, 'POST', `/api/v1/pipeline/runs/${again}/undo`).catch(() => undefined);
    const caught = await undoStatementRunning();
    ledger.server.kill('SIGKILL');
    await ledger.server.exited;
    await undo;
    await ledger.restart();
    token = await ledger.signIn();
    const afterKill = await glOfPeriod(token);
    expect([replaced, before]).toContainEqual(afterKill);
    if (caught) expect(afterKill).toEqual(replaced);
    const { body: run } = await ledger.api<{ data: { run: Run & { undoneAt: string | null } } }>(
      token,
      'GET',
      `/api/v1/pipeline/runs/${again}`,
    );
    // Marked undone only once the warehouse's undo committed; undone but not yet marked (killed between the
    // two), a second undo marks it.
    if (afterKill.lines === replaced.lines) expect(run.data.run.undoneAt).toBeNull();
    if (!run.data.run.undoneAt) {
      const undone = await ledger.api<{ data: { run: { undoneAt: string | null } } }>(
        token,
        'POST',
        `/api/v1/pipeline/runs/${again}/undo`,
      );
      expect(undone.status).toBe(200);
      expect(undone.body.data.run.undoneAt).not.toBeNull();
    }
    expect(await glOfPeriod(token)).toEqual(before);
  }, 300_000);
});
