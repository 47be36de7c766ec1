import fs from 'node:fs/promises';
import path from 'node:path';

/** Where the platform keeps files (logos now; uploads later). Keys are ours, never a client's path. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Refuses anything that could leave the storage root. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Files under DATA_DIR/files: the embedded default. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
