/**
 * A GL file through the product's own path: written as the GL Detail data type's CSV, uploaded as a
 * browser does (sealed in chunks, streamed over HTTP), then the GL pipeline queued through the API and
 * waited for.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sealUpload, type UploadKey } from '@finboard/shared/upload-encryption';
import { GL_LINE_COLUMNS, glLines } from './gl-lines.ts';
import type { startApp } from './harness.ts';

type App = Awaited<ReturnType<typeof startApp>>;
const MB = 1024 * 1024;

/** GL lines of one open period as the GL Detail data type's CSV (its header, then the lines); answers its bytes. */
export async function writeGlCsv(
  file: string,
  lines: number,
  month: Parameters<typeof glLines>[1][number],
  accounts: Parameters<typeof glLines>[2],
  /** Put before every journal id: files of one ledger must not repeat a journal (a load adds its lines). */
  journalPrefix = '',
) {
  const out = fs.createWriteStream(file);
  const header = `${GL_LINE_COLUMNS.join(',')}\n`;
  async function* text() {
    yield header;
    let batch: string[] = [];
    for (const line of glLines(lines, [month], accounts)) {
      // An upload's lines are the upload's: the generator mixes in other sources.
      line[11] = 'upload';
      line[0] = `${journalPrefix}${line[0]}`;
      batch.push(line.map((value) => (value === null ? '' : String(value))).join(','));
      if (batch.length === 10_000) {
        yield `${batch.join('\n')}\n`;
        batch = [];
      }
    }
    if (batch.length > 0) yield `${batch.join('\n')}\n`;
  }
  await pipeline(Readable.from(text()), out);
  return fs.statSync(file).size;
}

/**
 * Uploads `file` as the browser does, streamed: the form's fields, the file's encryption field, then its
 * sealed chunks. They are sealed (into a file beside it) before the clock starts: a browser seals on the
 * user's machine, and sealing here, in the server's process on the same two cores, timed the bench's own
 * encryption as the server's. Samples the process's RSS meanwhile; answers the seconds and the peak.
 */
export async function uploadFile(app: App, uploadKey: UploadKey, fields: Record<string, string>, file: string) {
  const boundary = `finboard-bench-${randomBytes(8).toString('hex')}`;
  const { encryption, chunks } = await sealUpload(
    uploadKey,
    Readable.from(fs.createReadStream(file, { highWaterMark: MB })),
  );
  const sealedFile = `${file}.sealed`;
  await pipeline(Readable.from(chunks), fs.createWriteStream(sealedFile));
  // On disk before the clock starts, as the user's file is (not written back while the server works).
  const sealed = fs.openSync(sealedFile, 'r');
  fs.fsyncSync(sealed);
  fs.closeSync(sealed);
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  async function* body() {
    for (const [name, value] of Object.entries(fields)) yield Buffer.from(field(name, value));
    yield Buffer.from(field('encryption', JSON.stringify(encryption)));
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${path.basename(file)}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    for await (const sealed of fs.createReadStream(sealedFile, { highWaterMark: MB })) yield sealed as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }

  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${app.base}/api/v1/pipeline/file-upload`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${app.token}` },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      pipeline(Readable.from(body()), request).catch(reject);
    });
    if (answer.status !== 200) throw new Error(`the upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return { seconds: (performance.now() - started) / 1000, rssGrowthMb: (rssPeak - rssBefore) / MB };
  } finally {
    clearInterval(sampler);
    fs.rmSync(sealedFile, { force: true });
  }
}

/** The form fields that upload a file of GL Detail for `period` to the organization (its standard data type). */
export async function glUploadFields(app: App, organizationId: string, period: string) {
  const { data: types } = await app.get<{
    data: { dataTypes: { id: string; targetTable: string; isStandard: boolean }[] };
  }>(`/api/v1/data-types/${organizationId}?targetTable=02_GL_Detail`);
  const glDetail = types.dataTypes.find((type) => type.isStandard)!;
  return { organizationId, data_type_id: glDetail.id, period };
}

/** A run's step and the seconds it took (from its start to its end, as the run records them). */
export interface TimedStep {
  stage: string;
  seconds: number;
}

/**
 * Queues the GL pipeline and waits for its run; answers the seconds from the click to the run's end, the rows
 * it loaded and each step's seconds.
 */
export async function runGlPipeline(app: App, organizationId: string) {
  const started = performance.now();
  const response = await fetch(
    `${app.base}/api/v1/pipeline/run-pipeline/${organizationId}?pipelineName=${encodeURIComponent('GL Detail')}`,
    { method: 'POST', headers: { authorization: `Bearer ${app.token}` } },
  );
  const queued = (await response.json()) as { data?: { runIds: string[] }; message: string };
  const [runId] = queued.data?.runIds ?? [];
  if (!runId) throw new Error(`no run was queued: ${queued.message}`);
  for (;;) {
    const { data } = await app.get<{
      data: {
        run: {
          status: string;
          error: string | null;
          rowsLoaded: number;
          steps: { stage: string; startedAt?: string; finishedAt?: string }[];
        };
      };
    }>(`/api/v1/pipeline/runs/${runId}`);
    if (data.run.status === 'succeeded') {
      const steps: TimedStep[] = data.run.steps.map((step) => ({
        stage: step.stage,
        seconds:
          step.startedAt && step.finishedAt ? (Date.parse(step.finishedAt) - Date.parse(step.startedAt)) / 1000 : 0,
      }));
      return { seconds: (performance.now() - started) / 1000, rows: data.run.rowsLoaded, steps };
    }
    if (data.run.status === 'failed') throw new Error(`the run failed: ${data.run.error}`);
    // A run's end is seen within 50 ms (more often, the polls' own work would slow a run of seconds).
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** "stage 12.7 s, validate 2.4 s, load 9.9 s, refresh 2.3 s" */
export const stepsText = (steps: readonly TimedStep[]) =>
  steps.map((step) => `${step.stage} ${step.seconds.toFixed(1)} s`).join(', ');
