import { createWriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where the platform keeps files (logos now; uploads later). Keys are ours, never a client's path. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Writes the stream as the file `key`, which appears whole or not at all: when the stream fails, the
   * partial file is removed and the error passed on.
   */
  putStream(key: string, data: Readable): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  getStream(key: string): Promise<Readable | undefined>;
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
  // Write then rename, so a reader never sees half a file.
  async function writeWhole(key: string, write: (temporary: string) => Promise<void>) {
    const file = resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await write(temporary);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }
  return {
    put: (key, data) => writeWhole(key, (temporary) => fs.writeFile(temporary, data)),
    putStream: (key, data) =>
      writeWhole(key, (temporary) => pipeline(data, createWriteStream(temporary, { flags: 'wx' }))),
    async getStream(key) {
      const file = resolve(key);
      // Opened first, so that a missing file is an answer rather than a stream error.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return handle.createReadStream();
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
