import { z } from 'zod';

/** The file beside the dumps that says what they hold and how to check a restore of them. */
export const MANIFEST_FILE = 'manifest.json';

const fingerprint = z.object({ rows: z.string(), sum: z.string() });

export const backupManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  databases: z.array(
    z.object({
      /** The database's name when it was backed up. */
      name: z.string().min(1),
      /** The platform database (restored where the restore is told); the others are organizations' warehouse databases. */
      platform: z.boolean(),
      /** A `warehouse_locations` row's server (no credentials); null: the platform's server. */
      server: z.string().nullable(),
      /** Each dump file: the warehouse schemas it holds, or none for the rest of the database. */
      dumps: z.array(z.object({ file: z.string().regex(/^[\w.-]+\.dump$/), schemas: z.array(z.string()) })),
      /** Every table's fingerprint when it was dumped (fingerprints.ts), by `schema.table`. */
      tables: z.record(z.string(), fingerprint),
    }),
  ),
  /** The warehouses' server roles: they belong to the server, not to a database, so no dump holds them. */
  roles: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type BackedUpDatabase = BackupManifest['databases'][number];
