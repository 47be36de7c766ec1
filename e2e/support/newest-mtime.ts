import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of a file, or of any non-test file under a directory; 0 when absent. */
export function newestMtime(source: string): number {
  if (!fs.existsSync(source)) return 0;
  const stat = fs.statSync(source);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.includes('.test.'))
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
