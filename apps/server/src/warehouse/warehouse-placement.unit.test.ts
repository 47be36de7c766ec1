import { describe, expect, it } from 'vitest';
import { sharedDatabasePlan, sharedDatabasePrefix } from './warehouse-placement.ts';

const plan = (databases: Parameters<typeof sharedDatabasePlan>[0]['databases'], servers: (string | null)[] = [null]) =>
  sharedDatabasePlan({ platformDatabase: 'finboard', databases, organizationsPerDatabase: 500, servers });
const shared = (number: number, organizations: number, serverUrl: string | null = null) => ({
  databaseName: `finboard_wh_${String(number).padStart(4, '0')}`,
  serverUrl,
  organizations,
});

describe('sharedDatabasePlan', () => {
  it('creates the first shared database on the first server when there is none', () => {
    expect(plan([])).toEqual({ databaseName: 'finboard_wh_0001', serverUrl: null, create: true });
  });

  it('fills the lowest-numbered database with room before any other', () => {
    expect(plan([shared(1, 500), shared(2, 499), shared(3, 10)])).toEqual({
      databaseName: 'finboard_wh_0002',
      serverUrl: null,
      create: false,
    });
  });

  it('creates the next number on the server holding the fewest shared databases when all are full', () => {
    const servers = [null, 'postgresql://wh2:5432', 'postgresql://wh3:5432'];
    expect(plan([shared(1, 500), shared(2, 500, 'postgresql://wh2:5432')], servers)).toEqual({
      databaseName: 'finboard_wh_0003',
      serverUrl: 'postgresql://wh3:5432',
      create: true,
    });
  });

  it("leaves alone the databases that are not the installation's shared ones", () => {
    const own = { databaseName: 'wh_org_0123456789abcdef0123456789abcdef', serverUrl: null, organizations: 1 };
    const other = { databaseName: 'other_wh_0001', serverUrl: null, organizations: 3 };
    expect(plan([own, other, shared(1, 500)])).toEqual({
      databaseName: 'finboard_wh_0002',
      serverUrl: null,
      create: true,
    });
  });

  it('names the databases after a hash of a platform database name too long to prefix', () => {
    const long = 'f'.repeat(60);
    expect(sharedDatabasePrefix('finboard')).toBe('finboard_wh_');
    expect(sharedDatabasePrefix(long)).toMatch(/^wh_[0-9a-f]{16}_$/);
    expect(
      sharedDatabasePlan({ platformDatabase: long, databases: [], organizationsPerDatabase: 5, servers: [] }),
    ).toMatchObject({ databaseName: `${sharedDatabasePrefix(long)}0001`, serverUrl: null, create: true });
  });
});
