import type { FastifyInstance } from 'fastify';
import type { UploadKey } from '@finboard/shared/upload-encryption';
import { verbatimCsv } from '../src/platform/csv/csv-writer.ts';
import { bearer, standardDataTypeId } from './factories.ts';
import type { createTestJobRunner } from './jobs.ts';
import type { Books } from './statement-books.ts';
import { sealedUploadForm } from './uploads.ts';

/**
 * Hand-made books (statement-books.ts) as the files a user uploads to the standard data types: the periods
 * (calendar months), the chart of accounts with its subtypes, and the GL, one line per book line, dated the
 * 15th of its period.
 */
export function booksFiles(books: Books) {
  const csv = (records: (string | number | null)[][]) => verbatimCsv(records, ',');
  const endOf = (period: string) =>
    new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return {
    periods: csv([
      ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
      ...books.periods.map((row) => [
        row.period,
        `${row.period}-01`,
        endOf(row.period),
        row.fiscalYear,
        row.fiscalPeriod,
      ]),
    ]),
    accounts: csv([
      ['account_code', 'account_name', 'account_type', 'account_subtype'],
      ...books.accounts.map((account) => [account.code, account.name, account.type, account.subtype]),
    ]),
    gl: csv([
      [
        'journal_id',
        'line_no',
        'posting_date',
        'period',
        'account_code',
        'debit',
        'credit',
        'entity',
        'department',
        'counterparty',
      ],
      ...books.journals.flatMap((journal) =>
        journal.lines.map((line, index) => [
          journal.id,
          index + 1,
          `${journal.period}-15`,
          journal.period,
          line.account,
          line.debit ?? '0.00',
          line.credit ?? '0.00',
          line.entity ?? null,
          line.department ?? null,
          line.counterparty ?? null,
        ]),
      ),
    ]),
  };
}

/**
 * Loads `books` into an organization as a user does: the three files uploaded sealed through the API, then
 * Run Pipeline (every pipeline with files, in dependency order) and its jobs run. Fails unless every run
 * succeeds; answers the runs.
 */
export async function loadBooksThroughApi(
  context: {
    app: FastifyInstance;
    token: string;
    uploadKey: UploadKey;
    jobs: ReturnType<typeof createTestJobRunner>;
  },
  organizationId: string,
  books: Books,
) {
  const { app, token, uploadKey, jobs } = context;
  const files = booksFiles(books);
  for (const [table, name, content] of [
    ['00_Period', 'periods.csv', files.periods],
    ['01_Account', 'chart-of-accounts.csv', files.accounts],
    ['02_GL_Detail', 'gl-detail.csv', files.gl],
  ] as const) {
    const dataTypeId = await standardDataTypeId(app, token, organizationId, table);
    const form = await sealedUploadForm(uploadKey, { organizationId, data_type_id: dataTypeId }, [{ name, content }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/v1/pipeline/file-upload',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    if (uploaded.statusCode !== 200) throw new Error(`${name} not uploaded: ${uploaded.body}`);
  }
  const queued = await app.inject({
    method: 'POST',
    url: `/api/v1/pipeline/run-pipeline/${organizationId}`,
    headers: bearer(token),
  });
  await jobs.drain();
  const runs = [];
  for (const runId of queued.json<{ data: { runIds: string[] } }>().data.runIds) {
    const response = await app.inject({ method: 'GET', url: `/api/v1/pipeline/runs/${runId}`, headers: bearer(token) });
    const run = response.json().data.run;
    if (run.status !== 'succeeded') throw new Error(`the ${run.pipelineName} run ${run.status}: ${response.body}`);
    runs.push(run as { pipelineName: string; rowsLoaded: number });
  }
  return runs;
}
