import { describe, expect, it } from 'vitest';
import {
  assertColumnInRelation,
  assertRelationInCatalog,
  assertTableInCatalog,
  IdentifierError,
  quoteIdent,
  qualifiedName,
  UnknownIdentifierError,
  warehouseRoleName,
  warehouseRoleOfSchema,
  warehouseSchemaName,
  type WarehouseCatalog,
} from './identifiers.ts';

const catalog: WarehouseCatalog = {
  schema: 'org_0123456789abcdef0123456789abcdef',
  relations: [
    {
      name: '02_GL_Detail',
      kind: 'table',
      columns: [
        { name: 'row_id', type: 'bigint', nullable: false, primaryKey: true, generated: true, hasDefault: false },
        { name: 'debit', type: 'numeric', nullable: false, primaryKey: false, generated: false, hasDefault: true },
      ],
    },
    { name: 'vw_cash_flow', kind: 'view', columns: [] },
  ],
};

describe('quoteIdent', () => {
  it('double-quotes names and doubles embedded quotes', () => {
    expect(quoteIdent('02_GL_Detail')).toBe('"02_GL_Detail"');
    expect(quoteIdent('Period')).toBe('"Period"');
    expect(quoteIdent('a"b')).toBe('"a""b"');
    expect(quoteIdent('x"; DROP TABLE users; --')).toBe('"x""; DROP TABLE users; --"');
    expect(qualifiedName('org_1', '00_Period')).toBe('"org_1"."00_Period"');
  });

  it.each([
    ['an empty name', ''],
    ['a NUL character', 'debit\0'],
    ['a lone surrogate', 'a\uD800b'],
    ['a name PostgreSQL would truncate to 63 bytes', 'x'.repeat(64)],
    ['a multi-byte name over 63 bytes', 'é'.repeat(32)],
  ])('refuses %s', (_, name) => {
    expect(() => quoteIdent(name)).toThrow(IdentifierError);
  });

  it('accepts a name of exactly 63 bytes', () => {
    expect(quoteIdent('x'.repeat(63))).toBe(`"${'x'.repeat(63)}"`);
  });
});

describe('warehouse names', () => {
  it('derives the schema and the role from the organization UUID', () => {
    const id = '0123ABCD-4567-89ab-cdef-0123456789AB';
    expect(warehouseSchemaName(id)).toBe('org_0123abcd456789abcdef0123456789ab');
    expect(warehouseRoleName(id)).toBe('fb_org_0123abcd456789abcdef0123456789ab');
    expect(warehouseRoleOfSchema('org_0123abcd456789abcdef0123456789ab')).toBe(
      'fb_org_0123abcd456789abcdef0123456789ab',
    );
  });

  it.each(['', 'not-a-uuid', "0123abcd-4567-89ab-cdef-0123456789ab'; --", '../0123abcd-4567-89ab-cdef-0123456789ab'])(
    'refuses the organization id %j',
    (id) => {
      expect(() => warehouseSchemaName(id)).toThrow(IdentifierError);
      expect(() => warehouseRoleName(id)).toThrow(IdentifierError);
    },
  );

  it.each(['public', 'pg_catalog', 'org_x', 'org_0123456789ABCDEF0123456789ABCDEF'])(
    'refuses %s as a warehouse schema',
    (schema) => {
      expect(() => warehouseRoleOfSchema(schema)).toThrow(IdentifierError);
    },
  );
});

describe('catalog checks', () => {
  it('finds tables, views and columns by their exact names', () => {
    expect(assertTableInCatalog(catalog, '02_GL_Detail').name).toBe('02_GL_Detail');
    expect(assertRelationInCatalog(catalog, 'vw_cash_flow').kind).toBe('view');
    expect(assertColumnInRelation(assertTableInCatalog(catalog, '02_GL_Detail'), 'debit').type).toBe('numeric');
  });

  it.each([
    'GL_Detail',
    '02_gl_detail',
    '"02_GL_Detail"',
    '02_GL_Detail; DROP TABLE users',
    'org_fedcba9876543210fedcba9876543210.02_GL_Detail',
    'pg_catalog.pg_authid',
    'pg_authid',
    'users',
    '',
  ])('refuses the table %j', (name) => {
    expect(() => assertTableInCatalog(catalog, name)).toThrow(UnknownIdentifierError);
    expect(() => assertRelationInCatalog(catalog, name)).toThrow(UnknownIdentifierError);
  });

  it('refuses a view where a table is required, and names that are not strings', () => {
    expect(() => assertTableInCatalog(catalog, 'vw_cash_flow')).toThrow(UnknownIdentifierError);
    expect(() => assertTableInCatalog(catalog, { toString: () => '02_GL_Detail' })).toThrow(UnknownIdentifierError);
    expect(() => assertTableInCatalog(catalog, ['02_GL_Detail'])).toThrow(UnknownIdentifierError);
  });

  it.each(['Debit', 'debit"', 'debit; --', 'row_id::text', '(select 1)', 'other_table.debit'])(
    'refuses the column %j',
    (name) => {
      const table = assertTableInCatalog(catalog, '02_GL_Detail');
      expect(() => assertColumnInRelation(table, name)).toThrow(UnknownIdentifierError);
    },
  );
});
