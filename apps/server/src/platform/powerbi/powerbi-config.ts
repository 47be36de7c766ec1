import type { Config } from '../../config/env.ts';
import { createPowerbiClient, type PowerbiClient } from './powerbi-client.ts';

/** The Power BI client of the configuration; undefined when POWERBI_TENANT_ID and friends are not set. */
export function powerbiClientOf(config: Config): PowerbiClient | undefined {
  if (!config.POWERBI_TENANT_ID || !config.POWERBI_CLIENT_ID || !config.POWERBI_CLIENT_SECRET) return undefined;
  return createPowerbiClient({
    tenantId: config.POWERBI_TENANT_ID,
    clientId: config.POWERBI_CLIENT_ID,
    clientSecret: config.POWERBI_CLIENT_SECRET,
    authorityUrl: config.POWERBI_AUTHORITY_URL,
    apiUrl: config.POWERBI_API_URL,
  });
}
