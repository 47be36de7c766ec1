import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAzurite, type Azurite } from '../../../test/azurite.ts';
import {
  createAzureContainerStore,
  createLocalContainerStore,
  ensureContainer,
  FOLDER_MARKER,
  type ContainerStore,
} from './containers.ts';

const FOLDERS = ['incoming', 'processed', 'rejected', 'exports'];

/** The store with its third folder creation failing, as a store failing half-way would. */
const failingOnThirdFolder = (store: ContainerStore): ContainerStore => {
  let calls = 0;
  return {
    ...store,
    async createFolder(container, folder) {
      if (++calls === 3) throw new Error('injected fault');
      await store.createFolder(container, folder);
    },
  };
};

let azurite: Azurite;
let root: string;
beforeAll(async () => {
  azurite = await startAzurite();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'finboard-containers-'));
});
afterAll(async () => {
  await azurite?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

/** What a container holds, as each store lists it: its folders, sorted. */
const listings: Record<string, (name: string) => Promise<string[] | undefined>> = {
  local: async (name) => {
    try {
      return (await fs.readdir(path.join(root, name))).sort();
    } catch {
      return undefined;
    }
  },
  'azure-blob': async (name) => {
    const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(name);
    if (!(await container.exists())) return undefined;
    const names: string[] = [];
    for await (const blob of container.listBlobsFlat()) names.push(blob.name);
    return names.sort();
  },
};
const folderEntries = (kind: string, folders: string[]) =>
  [...folders].sort().map((folder) => (kind === 'local' ? folder : `${folder}/${FOLDER_MARKER}`));

describe.each([
  { kind: 'local', store: () => createLocalContainerStore(root) },
  { kind: 'azure-blob', store: () => createAzureContainerStore(azurite.connectionString) },
])('the $kind container store', ({ kind, store }) => {
  const list = (name: string) => listings[kind]!(name);

  it('creates the container with its folders, and a second run changes nothing', async () => {
    const name = `acme-${kind}`;
    expect(await ensureContainer(store(), name, FOLDERS)).toEqual({ created: true });
    expect(await list(name)).toEqual(folderEntries(kind, FOLDERS));

    expect(await ensureContainer(store(), name, FOLDERS)).toEqual({ created: false });
    expect(await list(name)).toEqual(folderEntries(kind, FOLDERS));
    expect(await store().containerExists(name)).toBe(true);
  });

  it('adds a missing folder to an existing container', async () => {
    const name = `grow-${kind}`;
    await ensureContainer(store(), name, ['incoming']);
    expect(await ensureContainer(store(), name, ['incoming', 'archive'])).toEqual({ created: true });
    expect(await list(name)).toEqual(folderEntries(kind, ['archive', 'incoming']));
  });

  it('leaves no container behind when a folder fails half-way', async () => {
    const name = `broken-${kind}`;
    await expect(ensureContainer(failingOnThirdFolder(store()), name, FOLDERS)).rejects.toThrow('injected fault');
    expect(await list(name)).toBeUndefined();
    expect(await store().containerExists(name)).toBe(false);
  });

  it('keeps an existing container as it was when a new folder fails half-way', async () => {
    const name = `kept-${kind}`;
    await ensureContainer(store(), name, ['incoming']);
    await expect(ensureContainer(failingOnThirdFolder(store()), name, ['incoming', 'a1', 'a2', 'a3'])).rejects.toThrow(
      'injected fault',
    );
    expect(await list(name)).toEqual(folderEntries(kind, ['incoming']));
  });

  it("lists a container's files under a prefix with their sizes, and nothing in a container that is gone", async () => {
    const name = `listed-${kind}`;
    await ensureContainer(store(), name, ['incoming', 'processed']);
    const files = store().files(name);
    await files.put('incoming/one', Buffer.from('abc'));
    await files.put('incoming/two', Buffer.from('abcdef'));
    await files.put('processed/three', Buffer.from('x'));
    const list = async (container: string, prefix: string) => {
      const found: { key: string; size: number }[] = [];
      for await (const file of store().files(container).list(prefix)) {
        expect(Date.now() - file.modifiedAt.getTime()).toBeLessThan(60_000);
        found.push({ key: file.key, size: file.size });
      }
      return found.toSorted((a, b) => a.key.localeCompare(b.key));
    };

    expect(await list(name, 'incoming/')).toEqual([
      ...(kind === 'local' ? [] : [{ key: `incoming/${FOLDER_MARKER}`, size: 0 }]),
      { key: 'incoming/one', size: 3 },
      { key: 'incoming/two', size: 6 },
    ]);
    expect(await list(name, 'processed/three')).toEqual([{ key: 'processed/three', size: 1 }]);
    await store().deleteContainer(name);
    expect(await list(name, 'incoming/')).toEqual([]);
  });

  it('refuses a name that is not a container name', async () => {
    await expect(ensureContainer(store(), '../etc', FOLDERS)).rejects.toThrow('invalid container name');
    await expect(ensureContainer(store(), 'fine', ['../up'])).rejects.toThrow('invalid folder name');
  });
});
