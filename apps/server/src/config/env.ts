import path from 'node:path';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '@finboard/shared/validation';
import type { PoolLimits } from '../db/pool-limits.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Every environment variable the server reads. The configuration table in docs/operations.md mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  APP_SECRET_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalString.pipe(emailSchema.optional()),
  ADMIN_PASSWORD: optionalString.pipe(passwordSchema.optional()),
  ALLOW_SIGNUP: booleanFlag,
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(8 * 3600),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Finboard <no-reply@finboard.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag,
  WEB_DIST_DIR: optionalString,
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  STOP_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOB_STALE_AFTER_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
  WORK_JOBS: booleanFlag.default(true),
  /** How often each process looks for report packs whose monthly schedule is due (docs/report-packs.md). */
  REPORT_PACK_SCHEDULE_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Onboarding creates organizations' containers in this Azure Storage account; the local folder otherwise. */
  AZURE_STORAGE_CONNECTION_STRING: optionalString,
  /**
   * Where each organization's warehouse lives: a schema of the platform database (default), or on PostgreSQL
   * a database of its own (a large client can later move to its own server).
   */
  WAREHOUSE_ISOLATION: z.enum(['schema', 'database', 'shared-database']).default('schema'),
  /** shared-database: warehouses per shared warehouse database; a new database is created when all are full. */
  WAREHOUSE_ORGANIZATIONS_PER_DATABASE: z.coerce.number().int().min(1).max(100_000).default(500),
  /**
   * shared-database: the PostgreSQL servers new warehouse databases go on, comma-separated URLs without credentials
   * (the platform's are used); default the platform's own server.
   */
  WAREHOUSE_SERVERS: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((server) => server.trim()) : []))
      .refine((servers) => servers.every(isServerUrl), {
        message: 'each server must be a postgresql://host:port URL without a user or password',
      }),
  ),
  /**
   * PostgreSQL connections (db/pool-limits.ts): the platform pool's size; and for every pool, how long a connection
   * may stay unused, live at most, and how many checkouts it serves before it is replaced (each may read another
   * organization's warehouse, whose catalog entries its server process keeps until it ends).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  DATABASE_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  DATABASE_MAX_USES: z.coerce.number().int().min(1).max(1_000_000).default(250),
  /** Warehouses brought to a new version at once at start-up (PostgreSQL; PGlite migrates one at a time). */
  WAREHOUSE_MIGRATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  // Azure Data Factory (optional part of onboarding's data factory step): a service principal with
  // Contributor on the resource group; all six or none. The two URLs move only for tests' fakes.
  AZURE_TENANT_ID: optionalString,
  AZURE_CLIENT_ID: optionalString,
  AZURE_CLIENT_SECRET: optionalString,
  AZURE_SUBSCRIPTION_ID: optionalString,
  AZURE_RESOURCE_GROUP: optionalString,
  AZURE_LOCATION: optionalString,
  AZURE_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  AZURE_MANAGEMENT_URL: z.url().default('https://management.azure.com'),
  // Power BI (service principal, "app owns data"): all three or none; the URLs move only for tests' fakes.
  POWERBI_TENANT_ID: optionalString,
  POWERBI_CLIENT_ID: optionalString,
  POWERBI_CLIENT_SECRET: optionalString,
  POWERBI_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  POWERBI_API_URL: z.url().default('https://api.powerbi.com'),
  /** How often a running dataset refresh's history is read. */
  POWERBI_REFRESH_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(15_000),
  /** A dataset refresh unfinished after this long is failed (Power BI itself gives up on throttled ones after 1 h). */
  POWERBI_REFRESH_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(150),
  // QuickBooks Online (issue 12): the app's OAuth client; the three URLs move only for tests' fakes.
  QUICKBOOKS_CLIENT_ID: optionalString,
  QUICKBOOKS_CLIENT_SECRET: optionalString,
  QUICKBOOKS_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  QUICKBOOKS_AUTHORIZE_URL: z.url().default('https://appcenter.intuit.com/connect/oauth2'),
  QUICKBOOKS_TOKEN_URL: z.url().default('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer'),
  /** Default: Intuit's sandbox or production API, per QUICKBOOKS_ENVIRONMENT. */
  QUICKBOOKS_API_URL: optionalString.pipe(z.url().optional()),
  /** How long a sync waits after QuickBooks answers 429 (Intuit asks for 60 s). */
  QUICKBOOKS_RATE_LIMIT_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** A sync still reading or loading after this long is stopped and marked timed out (nothing is loaded). */
  ACCOUNTING_SYNC_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(24 * 3_600_000)
    .default(30 * 60_000),
  // Sage Intacct (issue 12): the XML gateway a connection first signs in at (tests point it at a fake); its
  // sender and user credentials come from each connection's Add Connection form.
  INTACCT_ENDPOINT_URL: z.url().default('https://api.intacct.com/ia/xml/xmlgw.phtml'),
  // NetSuite (issue 12): the REST host of each account; `{accountId}` is replaced by the account's id in its
  // host form (lower case, `_` → `-`). Moves only for tests' fakes.
  NETSUITE_BASE_URL: z.string().default('https://{accountId}.suitetalk.api.netsuite.com'),
  /** The first wait after NetSuite answers 429 (doubled at each retry; NetSuite names no Retry-After). */
  NETSUITE_RATE_LIMIT_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Requests at once to one NetSuite account: under the account-wide limit (15 on Tier 1) shared with its other integrations. */
  NETSUITE_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  // Chat DB's optional language model (OpenAI-compatible chat completions with JSON schema output: OpenAI,
  // Ollama, vLLM…): base URL and model together; the key when the service needs one.
  CHAT_LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  CHAT_LLM_API_KEY: optionalString,
  CHAT_LLM_MODEL: optionalString,
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR'> & { DATA_DIR: string };

export class ConfigError extends Error {}

/** The embedded database is one database: it cannot give each organization one of its own. */
export const WAREHOUSE_ISOLATION_NEEDS_POSTGRES =
  'WAREHOUSE_ISOLATION: "database" and "shared-database" need a PostgreSQL DATABASE_URL (the embedded database holds a single database)';

function isServerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return ['postgres:', 'postgresql:'].includes(url.protocol) && !url.username && !url.password && url.host !== '';
  } catch {
    return false;
  }
}

export const AZURE_ALL_OR_NONE =
  'AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET, AZURE_SUBSCRIPTION_ID, AZURE_RESOURCE_GROUP and AZURE_LOCATION: set all six or none';

/** Parses the environment once; fails naming every bad variable. */
/** The connection limits of every PostgreSQL pool, as configured. */
export const poolLimitsOf = (config: Config): PoolLimits => ({
  idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_SECONDS * 1000,
  maxLifetimeSeconds: config.DATABASE_MAX_LIFETIME_SECONDS,
  maxUses: config.DATABASE_MAX_USES,
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (Boolean(parsed.data.CHAT_LLM_BASE_URL) !== Boolean(parsed.data.CHAT_LLM_MODEL))
    throw new ConfigError('Invalid configuration:\n  CHAT_LLM_BASE_URL and CHAT_LLM_MODEL: set both or neither');
  const powerbi = [parsed.data.POWERBI_TENANT_ID, parsed.data.POWERBI_CLIENT_ID, parsed.data.POWERBI_CLIENT_SECRET];
  if (powerbi.some(Boolean) && !powerbi.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET: set all three or none',
    );
  }
  const azure = [
    parsed.data.AZURE_TENANT_ID,
    parsed.data.AZURE_CLIENT_ID,
    parsed.data.AZURE_CLIENT_SECRET,
    parsed.data.AZURE_SUBSCRIPTION_ID,
    parsed.data.AZURE_RESOURCE_GROUP,
    parsed.data.AZURE_LOCATION,
  ];
  if (azure.some(Boolean) && !azure.every(Boolean)) {
    throw new ConfigError(`Invalid configuration:\n  ${AZURE_ALL_OR_NONE}`);
  }
  if (Boolean(parsed.data.QUICKBOOKS_CLIENT_ID) !== Boolean(parsed.data.QUICKBOOKS_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET: set both or neither',
    );
  }
  if (parsed.data.WAREHOUSE_ISOLATION !== 'schema' && !parsed.data.DATABASE_URL)
    throw new ConfigError(`Invalid configuration:\n  ${WAREHOUSE_ISOLATION_NEEDS_POSTGRES}`);
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
