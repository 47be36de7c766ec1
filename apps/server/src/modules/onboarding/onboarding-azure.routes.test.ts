import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_FOLDERS, onboardingMessages } from '@finboard/shared/onboarding';
import { FOLDER_MARKER } from '../../platform/storage/containers.ts';
import { startAzurite, type Azurite } from '../../../test/azurite.ts';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { bearer, createOrganization, login } from '../../../test/factories.ts';

// The storage step as configured in production: AZURE_STORAGE_CONNECTION_STRING, here Azurite's.
let azurite: Azurite;
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  azurite = await startAzurite();
  t = await buildTestApp({ AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString });
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(async () => {
  await t?.close();
  await azurite?.close();
});

it('creates the container and its folder markers in Azure Blob Storage, and a second run changes nothing', async () => {
  const organization = await createOrganization(t.database);
  const create = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/onboard/storage/create-container',
      headers: bearer(adminToken),
      payload: { orgID: organization.id, containerJson: { containerName: 'azure-acme' } },
    });
  const blobs = async () => {
    const names: string[] = [];
    const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient('azure-acme');
    for await (const blob of container.listBlobsFlat()) names.push(blob.name);
    return names.sort();
  };

  const first = await create();
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().message).toBe(onboardingMessages.containerCreated('azure-acme', DEFAULT_FOLDERS));
  expect(await blobs()).toEqual([...DEFAULT_FOLDERS].sort().map((folder) => `${folder}/${FOLDER_MARKER}`));

  const second = await create();
  expect(second.json()).toMatchObject({
    message: onboardingMessages.containerExisted('azure-acme'),
    data: { created: false },
  });
  expect(await blobs()).toHaveLength(DEFAULT_FOLDERS.length);
});
