import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../../test/factories.ts';
import { createChatRunner, type RunLimits } from './chat-runner.ts';
import { RECURSIVE_COUNTER } from './hostile-corpus.ts';
import { SqlRefusedError } from './sql-guard.ts';

/**
 * The runner's own walls, met by statements the guard would have refused first (the runner is called directly):
 * on PGlite, the plan checks, the cursor's row budget and its time budget; on PostgreSQL, statement_timeout.
 */
let t: TestApp;
let organizationId: string;
/** Another organization, whose Studio is read while Chat DB works for the first. */
let otherId: string;
const LINES = 60;
const ACCOUNTS = 6;

beforeAll(async () => {
  t = await buildTestApp();
  organizationId = (await createOrganization(t.database)).id;
  otherId = (await createOrganization(t.database)).id;
  const { warehouse } = t.app.services;
  await warehouse.provision(organizationId);
  await warehouse.provision(otherId);
  await warehouse.copyRows(
    organizationId,
    '00_Period',
    ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
    [['2024-01', '2024-01-01', '2024-01-31', 2024, 1]],
  );
  await warehouse.copyRows(
    organizationId,
    '01_Account',
    ['account_code', 'account_name', 'account_type'],
    Array.from({ length: ACCOUNTS }, (_, i) => [String(1000 + i), `Account ${i}`, 'asset']),
  );
  await warehouse.copyRows(
    organizationId,
    '02_GL_Detail',
    ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
    Array.from({ length: LINES }, (_, i) => [
      `J${String(i).padStart(2, '0')}`,
      1,
      '2024-01-05',
      '2024-01',
      '1000',
      '1',
      '0',
    ]),
  );
});
afterAll(() => t?.close());

const runnerWith = (limits: Partial<RunLimits>) =>
  createChatRunner(t.database, t.app.services.warehouse, undefined, limits);

/** The refusal's reason and how long it took, or the rows. */
async function attempt(limits: Partial<RunLimits>, text: string) {
  const started = performance.now();
  try {
    const rows = await runnerWith(limits).run(organizationId, text, [], { untrusted: true });
    return { rows, ms: performance.now() - started };
  } catch (error) {
    if (!(error instanceof SqlRefusedError)) throw error;
    return { reason: error.reason, ms: performance.now() - started };
  }
}

describe("the Chat DB runner's budget for a model's statement", () => {
  it('refuses a recursive statement on the embedded database before it runs (PostgreSQL cuts it off)', async () => {
    const outcome = await attempt({ timeMs: 300 }, RECURSIVE_COUNTER);
    if (t.database.kind === 'pglite') {
      expect(outcome.reason).toBe('its recursive part (Recursive Union) cannot be bounded on the embedded database');
      expect(outcome.ms).toBeLessThan(1_000);
    } else {
      expect(outcome.reason).toBe('it ran longer than 0.3 seconds');
      expect(outcome.ms).toBeLessThan(3_000);
    }
  });

  it('refuses a function used as a table on the embedded database (PostgreSQL cuts it off)', async () => {
    const outcome = await attempt({ timeMs: 300 }, 'SELECT count(*) FROM generate_series(1, 100000000)');
    expect(outcome.reason).toBe(
      t.database.kind === 'pglite'
        ? 'a function used as a table (Function Scan) cannot be bounded on the embedded database'
        : 'it ran longer than 0.3 seconds',
    );
    expect(outcome.ms).toBeLessThan(3_000);
  });

  it('refuses on the embedded database a plan that expects more rows than it can go through in a few seconds', async () => {
    const ledger = '"02_GL_Detail"';
    const outcome = await attempt(
      {},
      `SELECT a.row_id FROM ${ledger} a, ${ledger} b, ${ledger} c, ${ledger} d LIMIT 10`,
    );
    if (t.database.kind === 'pglite')
      expect(outcome.reason).toBe('it would go through more than 5,000,000 rows on the embedded database');
    // PostgreSQL cuts a statement off itself; this one stops after 10 rows.
    else expect(outcome.rows).toHaveLength(10);
  });

  it("stops reading at the row budget on the embedded database (on PostgreSQL the guard's LIMIT is the bound)", async () => {
    const outcome = await attempt(
      { rows: 25, sliceRows: 10 },
      'SELECT journal_id FROM "02_GL_Detail" ORDER BY journal_id',
    );
    const expected = Array.from({ length: t.database.kind === 'pglite' ? 25 : LINES }, (_, i) => ({
      journal_id: `J${String(i).padStart(2, '0')}`,
    }));
    expect(outcome.rows).toEqual(expected);
  });

  it('reads every slice of a statement within its budgets', async () => {
    const outcome = await attempt({ sliceRows: 7 }, 'SELECT journal_id FROM "02_GL_Detail" ORDER BY journal_id');
    expect(outcome.rows).toHaveLength(LINES);
    expect(outcome.rows?.at(-1)).toEqual({ journal_id: 'J59' });
  });

  it('abandons a statement still producing rows past its time budget, and the connection serves the next one', async () => {
    const outcome = await attempt(
      { timeMs: 100, sliceRows: 2 },
      'SELECT account_code, pg_sleep(0.06) FROM "01_Account" ORDER BY account_code',
    );
    expect(outcome.reason).toBe('it ran longer than 0.1 seconds');
    expect(outcome.ms).toBeLessThan(1_000);
    const next = await attempt({}, 'SELECT count(*)::int AS accounts FROM "01_Account"');
    expect(next.rows).toEqual([{ accounts: ACCOUNTS }]);
  });
});

describe('Chat DB statements and other organizations', () => {
  it("keeps another organization's Studio read waiting for the one chat statement running, not for those queued behind it", async () => {
    const admin = await login(t.app, TEST_ADMIN);
    const studioPage = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/crud/${otherId}/02_GL_Detail?page=1&pageSize=100`,
        headers: bearer(admin),
      });
    // The Studio has read the organization's catalog already (its first page does): the page is one transaction.
    expect((await studioPage()).statusCode).toBe(200);
    const runner = runnerWith({});
    // Four statements of a second for one organization at once, as our compiler's and as a model's.
    const long = 'SELECT count(*)::int AS n FROM (SELECT pg_sleep(1)) AS slept';
    const statements = [
      runner.run(organizationId, long, []),
      runner.run(organizationId, long, []),
      runner.run(organizationId, long, [], { untrusted: true }),
      runner.run(organizationId, long, [], { untrusted: true }),
    ];
    await sleep(100);

    const started = performance.now();
    const page = await studioPage();
    const waited = performance.now() - started;

    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().pagination).toEqual({ total: 0, totalIsEstimate: false, page: 1, pageSize: 100 });
    expect(await Promise.all(statements)).toEqual(Array.from({ length: 4 }, () => [{ n: 1 }]));
    // On PGlite the statements take the organization's turns: the page waits for the one running when it asked
    // (0.9 s), where it waited behind all four while they took the database directly (4.0 s measured). On
    // PostgreSQL they run side by side; here, without Chat DB's reader pools, they hold the test pool's four
    // connections, so the page waits for one of them to come free (0.9 s). Behind three of them it would wait at
    // least 2.9 s whatever the machine's load (each sleeps a second): the bound tells the two apart, not speed.
    expect(waited).toBeLessThan(2_900);
  });
});
