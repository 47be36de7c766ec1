import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, keyOfTemporary, type FileStorage, type StoredFileInfo } from './storage.ts';

let root: string;
let storage: FileStorage;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'finboard-storage-'));
  storage = createLocalStorage(root);
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const listed = async (prefix: string) => {
  const files: StoredFileInfo[] = [];
  for await (const file of storage.list(prefix)) files.push(file);
  return files.toSorted((a, b) => a.key.localeCompare(b.key));
};

describe('the local file storage', () => {
  it('lists the files under a prefix, in subfolders too, with their sizes and times', async () => {
    const before = Date.now() - 1000;
    await storage.put('uploads/org-a/one', Buffer.from('abc'));
    await storage.put('uploads/org-b/two', Buffer.from('abcdef'));
    await storage.put('uploads-other/three', Buffer.from('x'));
    await storage.put('logos/acme.png', Buffer.from('png'));

    const uploads = await listed('uploads/');
    expect(uploads.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'uploads/org-a/one', size: 3 },
      { key: 'uploads/org-b/two', size: 6 },
    ]);
    for (const file of uploads) expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
    expect((await listed('uploads')).map((file) => file.key)).toEqual([
      'uploads-other/three',
      'uploads/org-a/one',
      'uploads/org-b/two',
    ]);
    expect((await listed('uploads/org-a/one')).map((file) => file.key)).toEqual(['uploads/org-a/one']);
    expect(await listed('nothing/here/')).toEqual([]);
    expect((await listed('')).map((file) => file.key)).toHaveLength(4);
  });

  it("lists a write's temporary file under the key it stands for until the write ends", async () => {
    const body = new PassThrough();
    const writing = storage.putStream('imports/org/file', body);
    body.write('half of it');
    await expect.poll(async () => (await listed('imports/')).length).toBe(1);
    const [temporary] = await listed('imports/');
    expect(keyOfTemporary(temporary!.key)).toBe('imports/org/file');

    body.end(', and the rest');
    await writing;
    expect((await listed('imports/')).map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'imports/org/file', size: 24 },
    ]);
    expect(keyOfTemporary('imports/org/file')).toBeUndefined();
  });

  it('refuses a prefix that could leave the storage root', async () => {
    await expect(listed('../')).rejects.toThrow('invalid storage key');
    await expect(listed('/etc/')).rejects.toThrow('invalid storage key');
  });
});
