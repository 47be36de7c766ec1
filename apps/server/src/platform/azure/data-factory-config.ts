import type { Config } from '../../config/env.ts';
import { createDataFactoryClient, type DataFactoryClient } from './data-factory-client.ts';

/** The Azure Data Factory client of the configuration; undefined when AZURE_TENANT_ID and friends are not set. */
export function dataFactoryClientOf(config: Config): DataFactoryClient | undefined {
  const { AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET } = config;
  const { AZURE_SUBSCRIPTION_ID, AZURE_RESOURCE_GROUP, AZURE_LOCATION } = config;
  if (!AZURE_TENANT_ID || !AZURE_CLIENT_ID || !AZURE_CLIENT_SECRET) return undefined;
  if (!AZURE_SUBSCRIPTION_ID || !AZURE_RESOURCE_GROUP || !AZURE_LOCATION) return undefined;
  return createDataFactoryClient({
    tenantId: AZURE_TENANT_ID,
    clientId: AZURE_CLIENT_ID,
    clientSecret: AZURE_CLIENT_SECRET,
    subscriptionId: AZURE_SUBSCRIPTION_ID,
    resourceGroup: AZURE_RESOURCE_GROUP,
    location: AZURE_LOCATION,
    authorityUrl: config.AZURE_AUTHORITY_URL,
    managementUrl: config.AZURE_MANAGEMENT_URL,
  });
}
