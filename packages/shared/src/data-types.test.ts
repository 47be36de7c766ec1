import { describe, expect, it } from 'vitest';
import { dataTypeColumnSchema, dataTypeInputSchema, dataTypeMessages, STANDARD_DATA_TYPES } from './data-types.ts';
import { WAREHOUSE_TABLES } from './warehouse.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('standard data types', () => {
  it('are one per warehouse table, each valid as Add Data Type would take it', () => {
    expect(STANDARD_DATA_TYPES.map((type) => type.targetTable).toSorted()).toEqual([...WAREHOUSE_TABLES]);
    for (const type of STANDARD_DATA_TYPES) {
      expect(dataTypeInputSchema.safeParse({ ...type, delimiter: ',' }).success, type.name).toBe(true);
    }
  });
});

describe('dataTypeColumnSchema', () => {
  it.each(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM.DD.YYYY', 'YYYY MM DD'])('accepts the date format %s', (format) => {
    expect(dataTypeColumnSchema.safeParse({ name: 'day', type: 'date', required: true, format }).success).toBe(true);
  });

  it.each(['YYYY-MM', 'hh:mm', 'YYYY-MM-DDTHH'])('refuses the date format %s', (format) => {
    const result = dataTypeColumnSchema.safeParse({ name: 'day', type: 'date', required: true, format });
    expect(firstMessage(result)).toBe(dataTypeMessages.dateFormatInvalid);
  });

  it('lets a text column carry a pattern such as YYYY-MM', () => {
    const result = dataTypeColumnSchema.safeParse({ name: 'period', type: 'text', required: true, format: 'YYYY-MM' });
    expect(result.data?.format).toBe('YYYY-MM');
  });

  it('drops an empty format', () => {
    const result = dataTypeColumnSchema.safeParse({ name: 'amount', type: 'numeric', required: false, format: ' ' });
    expect(result.data).toEqual({ name: 'amount', type: 'numeric', required: false, format: undefined });
  });

  it('refuses a column name with a quote or a semicolon', () => {
    const result = dataTypeColumnSchema.safeParse({ name: 'a";--', type: 'text', required: true });
    expect(firstMessage(result)).toBe(dataTypeMessages.columnNameCharacters);
  });
});
