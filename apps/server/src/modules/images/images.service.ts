import { createHash } from 'node:crypto';
import { imageMessages } from '@finboard/shared/images';
import { notFound } from '../../errors.ts';
import { renderImage, type OutputFormat } from '../../platform/image/image-processor.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

// Logos rendered at a few header sizes: a small cache spares libvips the same work on every page view.
const CACHE_MAX_ENTRIES = 256;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;

export type ImagesService = ReturnType<typeof createImagesService>;

/** Resized variants of images the platform stored itself; `key` has been checked against STORED_LOGO_KEY. */
export function createImagesService(deps: { storage: FileStorage }) {
  // A Map iterates in insertion order: re-inserting on a hit makes the first entry the least recently used.
  const cache = new Map<string, RenderedImage>();
  let cachedBytes = 0;

  const remember = (id: string, image: RenderedImage) => {
    cache.set(id, image);
    cachedBytes += image.body.length;
    for (const [oldest, entry] of cache) {
      if (cache.size <= CACHE_MAX_ENTRIES && cachedBytes <= CACHE_MAX_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= entry.body.length;
    }
  };

  return {
    async render(
      key: string,
      options: { width: number; quality: number; format: OutputFormat },
    ): Promise<RenderedImage> {
      const id = `${key}|${options.width}|${options.quality}|${options.format}`;
      const hit = cache.get(id);
      if (hit) {
        cache.delete(id);
        cache.set(id, hit);
        return hit;
      }
      const source = await deps.storage.get(key);
      if (!source) throw notFound(imageMessages.notFound);
      const body = await renderImage(source, options);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      const image = { body, contentType: `image/${options.format}`, etag };
      remember(id, image);
      return image;
    },
  };
}
