import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, poolLimitsOf, WAREHOUSE_ISOLATION_NEEDS_POSTGRES } from './env.ts';

/** The message of the ConfigError that loadConfig throws for `env`. */
function configErrorFor(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts with nothing set: embedded defaults, sign-up off, DATA_DIR made absolute', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 3000,
      ALLOW_SIGNUP: false,
      TRUST_PROXY: false,
      SESSION_TTL_SECONDS: 8 * 3600,
      LOG_LEVEL: 'info',
      STOP_GRACE_SECONDS: 10,
      PIPELINE_CONCURRENCY: 2,
      JOB_STALE_AFTER_SECONDS: 30,
      WORK_JOBS: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
  });

  it('reads flags and numbers from their text forms and treats blank optional values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      ALLOW_SIGNUP: 'yes',
      TRUST_PROXY: '1',
      DATABASE_URL: '  ',
      SMTP_URL: '',
      SESSION_TTL_SECONDS: '3600',
      WORK_JOBS: 'false',
    });

    expect(config).toMatchObject({
      PORT: 8080,
      ALLOW_SIGNUP: true,
      TRUST_PROXY: true,
      SESSION_TTL_SECONDS: 3600,
      WORK_JOBS: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('fails naming every bad variable at once: PORT=abc and SMTP_URL=notaurl', () => {
    const message = configErrorFor({ PORT: 'abc', SMTP_URL: 'notaurl', HOST: 'localhost' });

    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/^\s+PORT: /m);
    expect(message).toMatch(/^\s+SMTP_URL: /m);
    expect(message).not.toMatch(/HOST/);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PUBLIC_URL', 'example.com'],
    ['DATABASE_URL', 'not a url'],
    ['APP_SECRET_KEY', 'too-short'],
    ['ALLOW_SIGNUP', 'maybe'],
    ['SESSION_TTL_SECONDS', '5'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['STOP_GRACE_SECONDS', '0'],
    ['PIPELINE_CONCURRENCY', '0'],
    ['JOB_STALE_AFTER_SECONDS', '1'],
  ])('fails naming %s when it is %j', (name, value) => {
    const message = configErrorFor({ [name]: value });

    expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('says why a short APP_SECRET_KEY is refused', () => {
    expect(configErrorFor({ APP_SECRET_KEY: 'short' })).toContain('APP_SECRET_KEY: must be at least 32 characters');
  });

  it('limits every PostgreSQL pool: by default 30 s idle, an hour of life and 250 checkouts a connection', () => {
    expect(poolLimitsOf(loadConfig({}))).toEqual({ idleTimeoutMs: 30_000, maxLifetimeSeconds: 3_600, maxUses: 250 });
    expect(loadConfig({}).WAREHOUSE_MIGRATION_CONCURRENCY).toBe(4);
    const configured = loadConfig({
      DATABASE_POOL_SIZE: '20',
      DATABASE_IDLE_TIMEOUT_SECONDS: '5',
      DATABASE_MAX_LIFETIME_SECONDS: '600',
      DATABASE_MAX_USES: '100',
    });
    expect(configured.DATABASE_POOL_SIZE).toBe(20);
    expect(poolLimitsOf(configured)).toEqual({ idleTimeoutMs: 5_000, maxLifetimeSeconds: 600, maxUses: 100 });
    expect(configErrorFor({ DATABASE_MAX_USES: '0' })).toBe(
      'Invalid configuration:\n  DATABASE_MAX_USES: Too small: expected number to be >=1',
    );
  });

  it('places warehouses in shared databases of 500 on the listed servers, which carry no credentials', () => {
    const url = 'postgresql://platform:5432/finboard';
    expect(loadConfig({})).toMatchObject({ WAREHOUSE_ORGANIZATIONS_PER_DATABASE: 500, WAREHOUSE_SERVERS: [] });
    expect(
      loadConfig({
        DATABASE_URL: url,
        WAREHOUSE_ISOLATION: 'shared-database',
        WAREHOUSE_ORGANIZATIONS_PER_DATABASE: '200',
        WAREHOUSE_SERVERS: 'postgresql://wh1:5432, postgres://wh2:6432',
      }),
    ).toMatchObject({
      WAREHOUSE_ISOLATION: 'shared-database',
      WAREHOUSE_ORGANIZATIONS_PER_DATABASE: 200,
      WAREHOUSE_SERVERS: ['postgresql://wh1:5432', 'postgres://wh2:6432'],
    });
    expect(configErrorFor({ DATABASE_URL: url, WAREHOUSE_SERVERS: 'postgresql://user:secret@wh1:5432' })).toBe(
      'Invalid configuration:\n  WAREHOUSE_SERVERS: each server must be a postgresql://host:port URL without a user or password',
    );
    expect(configErrorFor({ WAREHOUSE_ISOLATION: 'shared-database' })).toBe(
      `Invalid configuration:\n  ${WAREHOUSE_ISOLATION_NEEDS_POSTGRES}`,
    );
  });
});
