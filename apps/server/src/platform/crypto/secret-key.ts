import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';

/**
 * The application secret: APP_SECRET_KEY, or on the embedded default a key file generated once in
 * DATA_DIR. Purpose-specific keys are derived from it, so one secret never signs two kinds of thing.
 */
export function resolveSecret(appSecretKey: string | undefined, dataDir: string): Buffer {
  if (appSecretKey) return Buffer.from(appSecretKey, 'utf8');
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

export const deriveKey = (secret: Buffer, purpose: string): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), `finboard:${purpose}`, 32));
