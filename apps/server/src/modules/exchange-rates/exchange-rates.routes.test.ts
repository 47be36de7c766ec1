import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateMessages as m } from '@finboard/shared/exchange-rates';
import { auditEvents, exchangeRates } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, createUser, login } from '../../../test/factories.ts';
import { exchangeRatesRepository } from './exchange-rates.repository.ts';

/**
 * The exchange rates table through the API: written by PUT and by a CSV import (all or nothing), read back exactly
 * as written, deleted; administrators only; bad input refused with its message and nothing stored.
 */
let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, TEST_ADMIN);
  const organization = await createOrganization(t.database);
  userToken = await login(t.app, await createUser(t.database, { organizationId: organization.id }));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

function importFile(text: string, token = adminToken) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'rates.csv');
  return t.app.inject({ method: 'POST', url: '/api/v1/exchange-rates/import', headers: bearer(token), payload: form });
}

const audited = (action: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

const stored = (from: string, to: string) =>
  t.database.db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to)))
    .orderBy(exchangeRates.period);

describe('exchange rates', () => {
  it('saves rates and reads them back exactly as written, newest period first; a second save replaces', async () => {
    const saved = await call('PUT', '/api/v1/exchange-rates', {
      rates: [
        { period: '2030-01', from: 'EUR', to: 'JPY', average: 160.1234567891, closing: 161.5 },
        { period: '2030-02', from: 'EUR', to: 'JPY', average: 0.0000012345, closing: 162 },
      ],
    });
    expect(saved.json()).toEqual({ status: true, message: m.saved, data: { saved: 2 } });
    await call('PUT', '/api/v1/exchange-rates', {
      rates: [{ period: '2030-02', from: 'EUR', to: 'JPY', average: 161.25, closing: 162.75 }],
    });

    const listed = await call('GET', '/api/v1/exchange-rates?from=EUR&to=JPY');
    expect(listed.json()).toMatchObject({ status: true, message: m.fetched, data: { total: 2 } });
    expect(listed.json().data.rates.map(({ updatedAt: _, ...rate }: { updatedAt: string }) => rate)).toEqual([
      { period: '2030-02', from: 'EUR', to: 'JPY', average: 161.25, closing: 162.75 },
      { period: '2030-01', from: 'EUR', to: 'JPY', average: 160.1234567891, closing: 161.5 },
    ]);
    const [january] = (await stored('EUR', 'JPY')).filter((row) => row.period === '2030-01');
    expect([january!.average, january!.closing]).toEqual(['160.1234567891', '161.5000000000']);
    expect(await audited('exchange-rates.save')).not.toHaveLength(0);
  });

  it('refuses bad rates with the exact message and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ rates: [] }, m.ratesRequired],
      [{ rates: [{ period: '2030-13', from: 'EUR', to: 'CHF', average: 1, closing: 1 }] }, m.periodInvalid],
      [{ rates: [{ period: '2030-01', from: 'EURO', to: 'CHF', average: 1, closing: 1 }] }, m.currencyInvalid],
      [{ rates: [{ period: '2030-01', from: 'CHF', to: 'CHF', average: 1, closing: 1 }] }, m.sameCurrency],
      [{ rates: [{ period: '2030-01', from: 'EUR', to: 'CHF', average: -1, closing: 1 }] }, m.rateInvalid],
      [{ rates: [{ period: '2030-01', from: 'EUR', to: 'CHF', average: 1.12345678901, closing: 1 }] }, m.rateInvalid],
      [
        {
          rates: [
            { period: '2030-01', from: 'EUR', to: 'CHF', average: 1, closing: 1 },
            { period: '2030-01', from: 'EUR', to: 'CHF', average: 2, closing: 2 },
          ],
        },
        m.duplicateRate,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call('PUT', '/api/v1/exchange-rates', body);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    expect(await stored('EUR', 'CHF')).toEqual([]);
  });

  it('imports a CSV file, all of it or — for one bad line — none of it', async () => {
    const good = await importFile(
      'period,from,to,average,closing\n2030-01,GBP,CAD,1.71,1.72\n2030-02,GBP,CAD,1.73,1.74\n',
    );
    expect(good.json()).toEqual({ status: true, message: m.imported, data: { saved: 2 } });
    expect((await stored('GBP', 'CAD')).map((row) => [row.period, row.average, row.closing])).toEqual([
      ['2030-01', '1.7100000000', '1.7200000000'],
      ['2030-02', '1.7300000000', '1.7400000000'],
    ]);
    expect(await audited('exchange-rates.import')).toHaveLength(1);

    const bad = await importFile(
      'period,from,to,average,closing\n2030-03,GBP,CAD,1.75,1.76\n2030-04,GBP,CAD,1,75,1.76\n',
    );
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      m.fileLineInvalid.replace('{line}', '3').replace('{reason}', 'it has 6 values, not 5'),
    ]);
    expect(await stored('GBP', 'CAD')).toHaveLength(2);
    expect(await audited('exchange-rates.import')).toHaveLength(1);

    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exchange-rates/import',
      headers: bearer(adminToken),
      payload: new FormData(),
    });
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, m.fileRequired]);
  });

  it('deletes a rate, and answers 404 for one that is not there', async () => {
    await call('PUT', '/api/v1/exchange-rates', {
      rates: [{ period: '2030-05', from: 'SEK', to: 'NOK', average: 1.01, closing: 1.02 }],
    });
    const deleted = await call('DELETE', '/api/v1/exchange-rates/SEK/NOK/2030-05');
    expect(deleted.json()).toEqual({ status: true, message: m.deleted });
    expect(await stored('SEK', 'NOK')).toEqual([]);
    expect((await audited('exchange-rates.delete')).map((event) => event.entityId)).toEqual(['SEK/NOK/2030-05']);
    const again = await call('DELETE', '/api/v1/exchange-rates/SEK/NOK/2030-05');
    expect([again.statusCode, again.json().message]).toEqual([404, m.notFound]);
  });

  it('is the administrators’ alone', async () => {
    expect((await call('GET', '/api/v1/exchange-rates', undefined, userToken)).statusCode).toBe(403);
    const put = await call(
      'PUT',
      '/api/v1/exchange-rates',
      { rates: [{ period: '2030-06', from: 'DKK', to: 'ISK', average: 20, closing: 21 }] },
      userToken,
    );
    expect(put.statusCode).toBe(403);
    expect((await importFile('period,from,to,average,closing\n2030-06,DKK,ISK,20,21\n', userToken)).statusCode).toBe(
      403,
    );
    expect(await stored('DKK', 'ISK')).toEqual([]);
    await call('PUT', '/api/v1/exchange-rates', {
      rates: [{ period: '2030-06', from: 'DKK', to: 'ISK', average: 20, closing: 21 }],
    });
    expect((await call('DELETE', '/api/v1/exchange-rates/DKK/ISK/2030-06', undefined, userToken)).statusCode).toBe(403);
    expect(await stored('DKK', 'ISK')).toHaveLength(1);
  });

  it('hands consolidation every rate between its currencies within its periods, exactly as stored', async () => {
    await call('PUT', '/api/v1/exchange-rates', {
      rates: [
        { period: '2031-01', from: 'AUD', to: 'NZD', average: 1.0845, closing: 0.0000012345 },
        { period: '2031-03', from: 'NZD', to: 'AUD', average: 0.92, closing: 0.93 },
        // Outside the periods asked, or with a currency not asked.
        { period: '2030-12', from: 'AUD', to: 'NZD', average: 1.08, closing: 1.09 },
        { period: '2031-04', from: 'AUD', to: 'NZD', average: 1.08, closing: 1.09 },
        { period: '2031-02', from: 'AUD', to: 'SGD', average: 0.88, closing: 0.89 },
      ],
    });
    const rates = await exchangeRatesRepository(t.database.db).ratesFor(['AUD', 'NZD', 'ZAR'], '2031-01', '2031-03');
    expect(rates.sort((a, b) => a.period.localeCompare(b.period))).toEqual([
      { period: '2031-01', from: 'AUD', to: 'NZD', average: 1.0845, closing: 0.0000012345 },
      { period: '2031-03', from: 'NZD', to: 'AUD', average: 0.92, closing: 0.93 },
    ]);
    expect(await exchangeRatesRepository(t.database.db).ratesFor(['AUD'], '2031-01', '2031-03')).toEqual([]);
  });
});
