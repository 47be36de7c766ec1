import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WAREHOUSE_MIGRATIONS } from './warehouse-migrations.ts';

describe('WAREHOUSE_MIGRATIONS', () => {
  it('lists every module of migrations/ once, numbered 1, 2, 3, … as their file names say', () => {
    const directory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
    const files = fs
      .readdirSync(directory)
      // Every module but the type they share is a migration.
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'migration.ts')
      .sort();

    expect(WAREHOUSE_MIGRATIONS.map(({ version, name }) => `${String(version).padStart(4, '0')}_${name}.ts`)).toEqual(
      files,
    );
    expect(WAREHOUSE_MIGRATIONS.map(({ version }) => version)).toEqual(
      WAREHOUSE_MIGRATIONS.map((_, index) => index + 1),
    );
  });
});
