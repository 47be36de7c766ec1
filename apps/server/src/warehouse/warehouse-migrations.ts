import { canonicalModel } from './migrations/0001_canonical-model.ts';
import { monthlyAggregates } from './migrations/0002_monthly-aggregates.ts';
import { lineage } from './migrations/0003_lineage.ts';
import { glPartitions } from './migrations/0004_gl-partitions.ts';
import { accountSubtypes } from './migrations/0005_account-subtypes.ts';
import type { WarehouseMigration } from './migrations/migration.ts';

/** Every warehouse migration, oldest first. Add new ones at the end; never change one that has shipped. */
export const WAREHOUSE_MIGRATIONS: readonly WarehouseMigration[] = [
  canonicalModel,
  monthlyAggregates,
  lineage,
  glPartitions,
  accountSubtypes,
];
