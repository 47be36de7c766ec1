import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPackMessages as m } from '@finboard/shared/report-packs';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../../test/factories.ts';
import { startLlmFake, type LlmRequest } from '../../../test/llm-fake.ts';
import { seedWarehouse } from '../../../test/warehouse-books.ts';

/**
 * Drafted commentary rephrased by the language model (CHAT_LLM_*), against a local OpenAI-compatible fake: the
 * model's words are taken only when every figure placeholder comes back unchanged.
 */
let t: TestApp;
let fake: Awaited<ReturnType<typeof startLlmFake>>;
let answer: (request: LlmRequest) => string = () => '{}';
let url: string;
let token: string;

beforeAll(async () => {
  fake = await startLlmFake((request) => answer(request));
  t = await buildTestApp({ CHAT_LLM_BASE_URL: fake.baseUrl, CHAT_LLM_MODEL: 'fake-model' });
  const org = (await createOrganization(t.database)).id;
  await seedWarehouse(t.app.services.warehouse, org, {
    periods: [
      ['2026-01', '2026-01-01', '2026-01-31', 2026, 1],
      ['2026-02', '2026-02-01', '2026-02-28', 2026, 2],
    ],
    accounts: [
      ['1000', 'Bank', 'asset', 'cash'],
      ['4000', 'Sales', 'revenue', 'sales'],
    ],
    gl: {
      columns: ['journal_id', 'line_no', 'posting_date', 'period', 'account_code', 'debit', 'credit'],
      rows: [
        ['J1', 1, '2026-01-10', '2026-01', '1000', '1000.00', '0'],
        ['J1', 2, '2026-01-10', '2026-01', '4000', '0', '1000.00'],
        ['J2', 1, '2026-02-10', '2026-02', '1000', '1500.00', '0'],
        ['J2', 2, '2026-02-10', '2026-02', '4000', '0', '1500.00'],
      ],
    },
  });
  token = await login(t.app, TEST_ADMIN);
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/report-packs/${org}`,
    headers: bearer(token),
    payload: { name: 'Rephrased', pages: [{ kind: 'commentary' }], formats: ['pdf'] },
  });
  url = `/api/v1/report-packs/${org}/${created.json().data.pack.id}/commentary/2026-02/draft`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const draft = async () => (await t.app.inject({ method: 'POST', url, headers: bearer(token) })).json();
/** The draft the model was sent. */
const sent = () => fake.requests.at(-1)!.messages.at(-1)!.content;

describe('rephrasing a drafted commentary', () => {
  it("takes the model's words when every placeholder comes back", async () => {
    answer = (request) =>
      JSON.stringify({ text: `In short: ${request.messages.at(-1)!.content.replace('Revenue', 'Sales')}` });
    const body = await draft();
    expect(body.message).toBe(m.commentaryDrafted);
    expect(body.data.rephrased).toBe(true);
    expect(body.data.text).toBe(`In short: ${sent().replace('Revenue', 'Sales')}`);
    expect(
      body.data.references.find((entry: { placeholder: string }) => entry.placeholder === '{{revenue}}'),
    ).toMatchObject({
      formatted: '1,500.00',
    });
  });

  it('refuses an answer that writes a figure of its own, and keeps the draft', async () => {
    answer = (request) => JSON.stringify({ text: request.messages.at(-1)!.content.replace('{{revenue}}', '1,600.00') });
    const body = await draft();
    expect(body.message).toBe(m.rephraseChangedNumbers);
    expect(body.data.rephrased).toBe(false);
    expect(body.data.text).toBe(sent());
    expect(body.data.text).toContain('{{revenue}}');
  });

  it('keeps the draft when the model fails', async () => {
    answer = () => 'not json';
    const body = await draft();
    expect(body).toMatchObject({ message: m.commentaryDrafted, data: { rephrased: false } });
    expect(body.data.text).toContain('{{revenue}}');
  });
});
