import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobServiceClient, RestError } from '@azure/storage-blob';
import { assertStorageKey, assertStoragePrefix, createLocalStorage, type FileStorage } from './storage.ts';

/**
 * Where an organization's files live once it is onboarded: a container holding folders (incoming,
 * processed, …). The primitives below are each one call on the store; ensureContainer() composes them
 * so that a step either makes the container with all its folders or leaves nothing new behind.
 */
export interface ContainerStore {
  readonly kind: 'local' | 'azure-blob';
  containerExists(name: string): Promise<boolean>;
  /** Creates the container; false when it already existed. */
  createContainer(name: string): Promise<boolean>;
  deleteContainer(name: string): Promise<void>;
  folderExists(container: string, folder: string): Promise<boolean>;
  createFolder(container: string, folder: string): Promise<void>;
  deleteFolder(container: string, folder: string): Promise<void>;
  /** The container's files, keyed `folder/name` (uploads: incoming → processed or rejected). */
  files(container: string): ContainerFiles;
}

/**
 * Files of one container, as the platform's FileStorage (so sealed uploads are stored and opened the same
 * way), plus a copy inside the container: a move is copy, record the new place, delete the old one, so a
 * failure at any point leaves the file where its record says it is.
 */
export interface ContainerFiles extends FileStorage {
  /** Copies `from` to `to` (replacing `to`); rejects when `from` is missing. */
  copy(from: string, to: string): Promise<void>;
}

/** Names the callers checked already (shared containerNameSchema / folderNameSchema); checked again here. */
const CONTAINER_NAME = /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/;
const FOLDER_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
function assertNames(container: string, folder?: string): void {
  if (!CONTAINER_NAME.test(container)) throw new Error(`invalid container name: ${JSON.stringify(container)}`);
  if (folder !== undefined && !FOLDER_NAME.test(folder))
    throw new Error(`invalid folder name: ${JSON.stringify(folder)}`);
}

/**
 * The container with every folder: made, or completed when some were there already. Anything this call
 * made is removed again when a later part fails (the error is passed on), so a failure leaves the store
 * as it was. Answers whether anything was made.
 */
export async function ensureContainer(
  store: ContainerStore,
  name: string,
  folders: readonly string[],
): Promise<{ created: boolean }> {
  assertNames(name);
  for (const folder of folders) assertNames(name, folder);
  const madeContainer = await store.createContainer(name);
  const madeFolders: string[] = [];
  try {
    for (const folder of folders) {
      if (!madeContainer && (await store.folderExists(name, folder))) continue;
      await store.createFolder(name, folder);
      madeFolders.push(folder);
    }
  } catch (error) {
    // Undo in reverse; a failing undo must not hide the original error.
    try {
      if (madeContainer) await store.deleteContainer(name);
      else for (const folder of madeFolders.toReversed()) await store.deleteFolder(name, folder);
    } catch (undoError) {
      throw new AggregateError([error, undoError], 'creating the container failed, and so did removing what it made');
    }
    throw error;
  }
  return { created: madeContainer || madeFolders.length > 0 };
}

/** Containers as directories under `root` (DATA_DIR/containers), folders as their subdirectories. */
export function createLocalContainerStore(root: string): ContainerStore {
  const dir = (container: string, folder?: string) => {
    assertNames(container, folder);
    return folder === undefined ? path.join(root, container) : path.join(root, container, folder);
  };
  const isDirectory = async (target: string) => {
    try {
      return (await fs.stat(target)).isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  };
  return {
    kind: 'local',
    containerExists: (name) => isDirectory(dir(name)),
    async createContainer(name) {
      await fs.mkdir(root, { recursive: true });
      try {
        await fs.mkdir(dir(name));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (await isDirectory(dir(name)))) return false;
        throw error;
      }
    },
    deleteContainer: (name) => fs.rm(dir(name), { recursive: true, force: true }),
    folderExists: (container, folder) => isDirectory(dir(container, folder)),
    async createFolder(container, folder) {
      await fs.mkdir(dir(container, folder), { recursive: false }).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST' || !(await isDirectory(dir(container, folder)))) throw error;
      });
    },
    deleteFolder: (container, folder) => fs.rm(dir(container, folder), { recursive: true, force: true }),
    files(container) {
      const containerDir = dir(container);
      const file = (key: string) => {
        assertStorageKey(key);
        return path.join(containerDir, key);
      };
      return {
        ...createLocalStorage(containerDir),
        // A hard link: no bytes copied, and `to` appears whole. A leftover `to` of an earlier attempt is replaced.
        async copy(from, to) {
          await fs.mkdir(path.dirname(file(to)), { recursive: true });
          await fs.rm(file(to), { force: true });
          await fs.link(file(from), file(to));
        },
      };
    },
  };
}

/** Blob storage has no directories: a folder is the prefix `folder/`, kept alive by this empty blob. */
export const FOLDER_MARKER = '.folder';

/** Azure Blob Storage (or Azurite) from a connection string. */
export function createAzureContainerStore(connectionString: string): ContainerStore {
  const service = BlobServiceClient.fromConnectionString(connectionString);
  const marker = (container: string, folder: string) => {
    assertNames(container, folder);
    return service.getContainerClient(container).getBlockBlobClient(`${folder}/${FOLDER_MARKER}`);
  };
  const container = (name: string) => {
    assertNames(name);
    return service.getContainerClient(name);
  };
  return {
    kind: 'azure-blob',
    containerExists: (name) => container(name).exists(),
    // `succeeded` is false when the container was there already (409 ContainerAlreadyExists, tolerated).
    createContainer: async (name) => (await container(name).createIfNotExists()).succeeded,
    async deleteContainer(name) {
      await container(name).deleteIfExists();
    },
    folderExists: (name, folder) => marker(name, folder).exists(),
    async createFolder(name, folder) {
      await marker(name, folder).upload('', 0);
    },
    async deleteFolder(name, folder) {
      await marker(name, folder).deleteIfExists();
    },
    files: (name) => azureContainerFiles(container(name)),
  };
}

const isNotFound = (error: unknown) => error instanceof RestError && error.statusCode === 404;

/** A container's blobs as files: a block blob appears only when its block list is committed, so whole or not at all. */
function azureContainerFiles(container: ReturnType<BlobServiceClient['getContainerClient']>): ContainerFiles {
  const blob = (key: string) => {
    assertStorageKey(key);
    return container.getBlockBlobClient(key);
  };
  const download = async (key: string) => {
    try {
      return await blob(key).download();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
  return {
    async put(key, data) {
      await blob(key).uploadData(data);
    },
    async putStream(key, data: Readable) {
      await blob(key).uploadStream(data);
    },
    async get(key) {
      try {
        return await blob(key).downloadToBuffer();
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async getStream(key) {
      return (await download(key))?.readableStreamBody as Readable | undefined;
    },
    async delete(key) {
      await blob(key).deleteIfExists();
    },
    // Committed blobs only: a stream cut off midway left uncommitted blocks, which Azure discards by itself.
    async *list(prefix) {
      assertStoragePrefix(prefix);
      try {
        for await (const item of container.listBlobsFlat({ prefix: prefix || undefined })) {
          yield { key: item.name, size: item.properties.contentLength ?? 0, modifiedAt: item.properties.lastModified };
        }
      } catch (error) {
        if (isNotFound(error)) return; // the container is gone: nothing in it
        throw error;
      }
    },
    // A server-side copy inside the account (the shared key authorizes the source too).
    async copy(from, to) {
      // Inside one account the copy is usually done at once; a large one is polled every second.
      const poller = await blob(to).beginCopyFromURL(blob(from).url, { intervalInMs: 1000 });
      await poller.pollUntilDone();
    },
  };
}

/** The store onboarding uses: Azure Blob when a connection string is configured, else the local folder. */
export function containerStoreOf(config: {
  AZURE_STORAGE_CONNECTION_STRING?: string | undefined;
  DATA_DIR: string;
}): ContainerStore {
  return config.AZURE_STORAGE_CONNECTION_STRING
    ? createAzureContainerStore(config.AZURE_STORAGE_CONNECTION_STRING)
    : createLocalContainerStore(path.join(config.DATA_DIR, 'containers'));
}
