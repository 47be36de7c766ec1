import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLedgerServer, type LedgerServer } from '../../../test/ledger-server.ts';
import { quickbooksConfigOf, startQuickbooksFake, type QuickbooksFake } from '../../../test/quickbooks-fake.ts';
import { syncMessages } from './accounting.service.ts';

/**
 * Issue 12, acceptance 3, against the real process (src/server.ts): the server is killed with SIGKILL while
 * a QuickBooks sync waits on QuickBooks; after a start the run is failed with the reason (none is left in
 * progress), its connection is no longer syncing, the warehouse holds nothing of it, and syncing again works.
 */
const REALM = '9130000000000555';
const PERIOD = '2030-01';

let fake: QuickbooksFake;
let ledger: LedgerServer;

beforeAll(async () => {
  fake = await startQuickbooksFake();
  fake.addCompany(REALM, 'Crash Test Books');
  fake.setAccounts(REALM, [
    { Id: '1', Name: 'Bank', AccountType: 'Bank' },
    { Id: '2', Name: 'Sales', AccountType: 'Income' },
  ]);
  fake.putJournalEntry(REALM, {
    Id: '1',
    TxnDate: `${PERIOD}-15`,
    Lines: [
      { Id: '0', Amount: 75, PostingType: 'Debit', AccountId: '1' },
      { Id: '1', Amount: 75, PostingType: 'Credit', AccountId: '2' },
    ],
  });
  const env = Object.fromEntries(
    Object.entries(quickbooksConfigOf(fake)).map(([name, value]) => [name, String(value)]),
  );
  // On PostgreSQL a job is another worker's until its heartbeat is this old: the restarted server takes it over.
  ledger = await startLedgerServer({
    name: 'accounting-crash',
    ledgerLines: 200,
    env: { ...env, JOB_STALE_AFTER_SECONDS: '3' },
  });
}, 180_000);

afterAll(async () => {
  await ledger?.dispose();
  await fake?.close();
});

async function api<T>(token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${ledger.server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as T;
}

interface Run {
  id: string;
  status: string;
  message: string;
  linesSynced: number;
}

const runs = async (token: string) =>
  (
    await api<{ data: { runs: Run[] } }>(
      token,
      'GET',
      `/api/v1/accounting/sync-runs?organization_id=${ledger.organizationId}`,
    )
  ).data.runs;

async function waitForRun(token: string, runId: string, done: (run: Run) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (await runs(token)).find((candidate) => candidate.id === runId);
    if (run && done(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} is still ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const quickbooksLines = async (token: string) => {
  const filters = encodeURIComponent(JSON.stringify([{ column: 'source', op: 'eq', value: 'quickbooks' }]));
  const body = await api<{ pagination: { total: number } }>(
    token,
    'GET',
    `/api/v1/crud/${ledger.organizationId}/02_GL_Detail?pageSize=1&filters=${filters}`,
  );
  return body.pagination.total;
};

describe('a server killed in the middle of a QuickBooks sync', () => {
  it('leaves no run in progress, the warehouse as it was, and the sync can be done again', async () => {
    let token = await ledger.signIn();
    const { organizationId } = ledger;
    // Connect as a browser does.
    const connect = await api<{ data: { authorizeUrl: string } }>(token, 'POST', '/api/v1/quickbooks/connect', {
      organization_id: organizationId,
    });
    const consent = await fetch(connect.data.authorizeUrl, { redirect: 'manual' });
    // The redirect URI names PUBLIC_URL; the server under test listens on a port of its own.
    const back = new URL(consent.headers.get('location')!);
    const callback = await fetch(`${ledger.server.url}${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(callback.headers.get('location')).toBe(`/apps?quickbooks=connected&organization=${organizationId}`);
    const accounts = await api<{ data: { accounts: { id: string }[] } }>(
      token,
      'GET',
      `/api/v1/quickbooks/accounts?organization_id=${organizationId}`,
    );
    const connectionId = accounts.data.accounts[0]!.id;

    // The journal entries' query hangs: the sync is caught waiting on QuickBooks, then SIGKILL.
    fake.inject({ match: /FROM JournalEntry/, status: 200, body: {}, delayMs: 60_000 });
    const started = await api<{ data: { runId: string } }>(token, 'POST', '/api/v1/quickbooks', {
      id: connectionId,
      organization_id: organizationId,
    });
    const runId = started.data.runId;
    await waitForRun(token, runId, (run) => run.status === 'in_progress');
    await expect
      .poll(() => fake.requests.some((request) => request.includes('FROM JournalEntry')), { timeout: 30_000 })
      .toBe(true);
    ledger.server.kill('SIGKILL');
    expect((await ledger.server.exited).signal).toBe('SIGKILL');

    await ledger.restart();
    token = await ledger.signIn();
    const failed = await waitForRun(token, runId, (run) => run.status !== 'in_progress' && run.status !== 'started');
    expect(failed).toMatchObject({ status: 'failed', message: syncMessages.interrupted });
    expect(await quickbooksLines(token)).toBe(0);
    const after = await api<{ data: { accounts: { status: string }[] } }>(
      token,
      'GET',
      `/api/v1/quickbooks/accounts?organization_id=${organizationId}`,
    );
    expect(after.data.accounts[0]!.status).toBe('connected');

    const again = await api<{ data: { runId: string } }>(token, 'POST', '/api/v1/quickbooks', {
      id: connectionId,
      organization_id: organizationId,
    });
    const done = await waitForRun(
      token,
      again.data.runId,
      (run) => run.status === 'completed' || run.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'completed', linesSynced: 2 });
    expect(await quickbooksLines(token)).toBe(2);
  }, 300_000);
});
