import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedMappingFor } from '@finboard/shared/column-mapping';
import { dataTypeMessages, type DataType } from '@finboard/shared/data-types';
import { uploadMessages } from '@finboard/shared/uploads';
import { dataTypes } from '../../db/schema.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../../test/factories.ts';
import { checkDataTypeCsv } from '../uploads/data-type-csv.ts';
import type { DataTypesService } from './data-types.service.ts';

let t: TestApp;
let service: DataTypesService;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  service = t.app.services.dataTypes;
  admin = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

/** A new organization with the standard types, and its Budget type's stored row. */
async function budgetOfNewOrganization() {
  const organization = await createOrganization(t.database);
  await service.seedStandardForAll();
  const [row] = await t.database.db
    .select()
    .from(dataTypes)
    .where(and(eq(dataTypes.organizationId, organization.id), eq(dataTypes.standardKey, 'budget')));
  return { organizationId: organization.id, budget: row! };
}

const storedLayouts = async (id: string) =>
  (await t.database.db.select().from(dataTypes).where(eq(dataTypes.id, id)))[0]!;

async function* bytesOf(text: string) {
  yield Buffer.from(text);
}

const HEADER = ['Month', 'GL Code', 'Budget', 'Notes'];
const MAPPING = { Month: 'period', 'GL Code': 'account_code', Budget: 'amount', Notes: null };

describe('column layouts saved on a data type', () => {
  it('keeps a confirmed layout, answers it with the type, and maps the next file with that header by itself', async () => {
    const { organizationId, budget } = await budgetOfNewOrganization();

    const saved = await service.saveColumnMapping(organizationId, budget.id, [' Month', ...HEADER.slice(1)], MAPPING);

    expect(saved).toEqual([{ header: HEADER, mapping: MAPPING }]);
    const row = await storedLayouts(budget.id);
    expect(row.columnMappings).toEqual([{ header: HEADER, mapping: MAPPING }]);
    // Saving a layout is not an edit of the type.
    expect(row.updatedAt).toEqual(budget.updatedAt);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data-types/${organizationId}/${budget.id}`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const dataType: DataType = response.json().data.dataType;
    expect(dataType.columnMappings).toEqual([{ header: HEADER, mapping: MAPPING }]);
    expect(savedMappingFor(dataType, ['month', 'gl code', 'budget', 'NOTES'])).toEqual({
      month: 'period',
      'gl code': 'account_code',
      budget: 'amount',
      NOTES: null,
    });

    const summary = await checkDataTypeCsv(bytesOf('MONTH,GL CODE,BUDGET,NOTES\n2026-03,4000,"1,500.00",Q1 plan\n'), {
      dataType,
      period: '2026-03',
    });
    expect(summary).toMatchObject({ rowsRead: 1, mappingFrom: 'saved' });
  });

  it('keeps the newest first, replaces a layout saved again, and keeps at most 20', async () => {
    const { organizationId, budget } = await budgetOfNewOrganization();

    for (let index = 0; index < 21; index++)
      await service.saveColumnMapping(organizationId, budget.id, ['period', 'account_code', `Amount ${index}`], {
        [`Amount ${index}`]: 'amount',
      });
    await service.saveColumnMapping(organizationId, budget.id, ['PERIOD', 'ACCOUNT_CODE', 'AMOUNT 5'], {
      'AMOUNT 5': 'amount',
    });

    const layouts = (await storedLayouts(budget.id)).columnMappings as { header: string[] }[];
    expect(layouts).toHaveLength(20);
    expect(layouts.map((layout) => layout.header[2])).toEqual([
      'AMOUNT 5',
      ...[20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 4, 3, 2, 1].map((index) => `Amount ${index}`),
    ]);
  });

  it('refuses a layout that does not fit the type with 400 and keeps nothing', async () => {
    const { organizationId, budget } = await budgetOfNewOrganization();

    const saving = service.saveColumnMapping(organizationId, budget.id, HEADER, { Month: 'period', Notes: null });

    await expect(saving).rejects.toMatchObject({
      statusCode: 400,
      message: uploadMessages.mappingRequiredMissing(['account_code', 'amount']),
    });
    expect((await storedLayouts(budget.id)).columnMappings).toEqual([]);
  });

  it("answers 404 for another organization's data type and changes nothing there", async () => {
    const { budget } = await budgetOfNewOrganization();
    const other = await createOrganization(t.database);

    await expect(service.saveColumnMapping(other.id, budget.id, HEADER, MAPPING)).rejects.toMatchObject({
      statusCode: 404,
      message: dataTypeMessages.notFound,
    });
    await expect(service.saveColumnMapping(other.id, randomUUID(), HEADER, MAPPING)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await storedLayouts(budget.id)).columnMappings).toEqual([]);
  });
});
