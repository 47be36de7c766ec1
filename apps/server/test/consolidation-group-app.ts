import { exchangeRates } from '../src/db/schema.ts';
import type { TestApp } from './build-app.ts';
import {
  EUROSUB,
  GROUP_RATES,
  GROUP_RULES,
  HOLDING,
  MEMBER_NAMES,
  UKSUB,
  warehouseRowsOf,
} from './consolidation-group.ts';
import { createOrganization } from './factories.ts';
import { seedWarehouse } from './warehouse-books.ts';

/**
 * The hand-made group's three organizations (test/consolidation-group.ts) created in a test app, each with its
 * books in its warehouse, and the group's rates on the Exchange Rates table. `named` makes the organization
 * names unique in a shared test database; the ledgers' counterparties name the members the same way.
 */
export async function seedGroupOrganizations(
  t: TestApp,
  named: (name: string) => string,
): Promise<{ holding: string; euro: string; uk: string }> {
  const organization = async (name: string, baseCurrency: string) =>
    (await createOrganization(t.database, { name: named(name), baseCurrency })).id;
  const ids = {
    holding: await organization(MEMBER_NAMES.holding, 'USD'),
    euro: await organization(MEMBER_NAMES.euro, 'EUR'),
    uk: await organization(MEMBER_NAMES.uk, 'GBP'),
  };
  await seedWarehouse(t.app.services.warehouse, ids.holding, warehouseRowsOf(HOLDING, named));
  await seedWarehouse(t.app.services.warehouse, ids.euro, warehouseRowsOf(EUROSUB, named));
  await seedWarehouse(t.app.services.warehouse, ids.uk, warehouseRowsOf(UKSUB, named));
  // The Exchange Rates page's table, written as its own tests prove the API writes it.
  await t.database.db
    .insert(exchangeRates)
    .values(
      GROUP_RATES.map((rate) => ({
        period: rate.period,
        fromCurrency: rate.from,
        toCurrency: rate.to,
        average: String(rate.average),
        closing: String(rate.closing),
      })),
    )
    .onConflictDoNothing();
  return ids;
}

/** The hand-made group as `POST /api/v1/consolidation-groups` takes it: Holding the parent, EuroSub 80 %, all from 2026-01. */
export const groupInput = (name: string, ids: { holding: string; euro: string; uk: string }) => ({
  name,
  reportingCurrency: 'USD',
  parentOrganizationId: ids.holding,
  members: [
    { organizationId: ids.holding, ownershipPct: 100, joinedPeriod: '2026-01' },
    { organizationId: ids.euro, ownershipPct: 80, joinedPeriod: '2026-01' },
    { organizationId: ids.uk, ownershipPct: 100, joinedPeriod: '2026-01' },
  ],
  eliminationRules: GROUP_RULES,
});
