import { constants, createHash, createPrivateKey, generateKeyPair, privateDecrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { UPLOAD_CHUNK_SIZE, type UploadKey, type UploadPublicKey } from '@finboard/shared/upload-encryption';
import type { SecretBox } from './secret-box.ts';
import { SealedStreamError } from './sealed-stream.ts';
import type { UploadKeyRow, UploadKeysRepository } from './upload-keys.repository.ts';

/** The secret-box purpose (deriveKey) of the sealed private keys. */
export const UPLOAD_KEYS_PURPOSE = 'upload-keys';
const MODULUS_BITS = 3072;
const AES_KEY_BYTES = 32;

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * The server's RSA-OAEP-256 key pair for uploads. It is made on first use and kept in the platform
 * database (private key sealed with the app secret), so every API node hands out and opens the same
 * key. rotate() makes a newer one; older keys keep opening uploads sealed under them.
 */
export interface UploadKeys {
  /** `GET /api/v1/pipeline/upload-key`'s data: the newest key, made now if there is none. */
  current(): Promise<UploadKey>;
  /** Makes a new key pair, handed out from now on. */
  rotate(): Promise<UploadKey>;
  /** The raw AES-256 file key; SealedStreamError 'unknownKey' or 'badWrap' when it cannot be had. */
  unwrap(keyId: string, wrappedKey: Buffer): Promise<Buffer>;
}

/** `box`: a secret box of purpose UPLOAD_KEYS_PURPOSE. */
export function createUploadKeys(repository: UploadKeysRepository, box: SecretBox): UploadKeys {
  // Private keys never change under an id: each is unsealed and parsed once per process.
  const privateKeys = new Map<string, KeyObject>();

  const uploadKeyOf = (row: Pick<UploadKeyRow, 'id' | 'publicJwk'>): UploadKey => ({
    keyId: row.id,
    publicKey: row.publicJwk as UploadPublicKey,
    chunkSize: UPLOAD_CHUNK_SIZE,
  });

  async function create(): Promise<UploadKey> {
    const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
      modulusLength: MODULUS_BITS,
      publicExponent: 0x10001,
    });
    const { n, e } = publicKey.export({ format: 'jwk' });
    const publicJwk: UploadPublicKey = { kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', n: n!, e: e! };
    const id = jwkThumbprint(publicJwk);
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    // Two nodes starting together may each make one: both are kept and both open, the newer is handed out.
    await repository.insert({ id, publicJwk, sealedPrivateKey: box.seal(pkcs8, id) });
    privateKeys.set(id, privateKey);
    return uploadKeyOf({ id, publicJwk });
  }

  async function privateKeyOf(keyId: string): Promise<KeyObject | undefined> {
    const cached = privateKeys.get(keyId);
    if (cached) return cached;
    const row = await repository.find(keyId);
    if (!row) return undefined;
    const key = createPrivateKey({
      key: Buffer.from(box.open(row.sealedPrivateKey, row.id), 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    privateKeys.set(keyId, key);
    return key;
  }

  // Concurrent first requests of one process wait for the same new key.
  let creating: Promise<UploadKey> | undefined;

  return {
    async current() {
      const newest = await repository.newest();
      if (newest) return uploadKeyOf(newest);
      creating ??= create().finally(() => (creating = undefined));
      return creating;
    },
    rotate: create,
    async unwrap(keyId, wrappedKey) {
      const privateKey = await privateKeyOf(keyId);
      if (!privateKey) throw new SealedStreamError('unknownKey');
      let key: Buffer;
      try {
        key = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          wrappedKey,
        );
      } catch {
        throw new SealedStreamError('badWrap');
      }
      if (key.length !== AES_KEY_BYTES) throw new SealedStreamError('badWrap');
      return key;
    },
  };
}

/** RFC 7638: SHA-256 of the required members in lexicographic order, without spaces, base64url. */
export function jwkThumbprint({ e, n }: { e: string; n: string }): string {
  return createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
}
