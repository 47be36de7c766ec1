import { expect, it } from 'vitest';
import { AZURE_ALL_OR_NONE, loadConfig } from '../../config/env.ts';
import { dataFactoryClientOf } from './data-factory-config.ts';

const AZURE = {
  AZURE_TENANT_ID: 'tenant',
  AZURE_CLIENT_ID: 'client',
  AZURE_CLIENT_SECRET: 'secret',
  AZURE_SUBSCRIPTION_ID: 'subscription',
  AZURE_RESOURCE_GROUP: 'finboard-rg',
  AZURE_LOCATION: 'westeurope',
};
const BASE = { NODE_ENV: 'test', DATA_DIR: '/tmp/finboard-config-test' };

it('makes a Data Factory client only when all six AZURE_* variables are set', () => {
  expect(dataFactoryClientOf(loadConfig(BASE))).toBeUndefined();
  const config = loadConfig({ ...BASE, ...AZURE });
  expect(config).toMatchObject({
    AZURE_AUTHORITY_URL: 'https://login.microsoftonline.com',
    AZURE_MANAGEMENT_URL: 'https://management.azure.com',
  });
  expect(dataFactoryClientOf(config)).toBeDefined();
});

it('refuses some of the AZURE_* variables without the others', () => {
  const { AZURE_LOCATION: _location, ...withoutLocation } = AZURE;
  expect(() => loadConfig({ ...BASE, ...withoutLocation })).toThrow(`Invalid configuration:\n  ${AZURE_ALL_OR_NONE}`);
});
