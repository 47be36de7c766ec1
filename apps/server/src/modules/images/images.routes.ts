import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageQuerySchema } from '@finboard/shared/images';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { createImagesService } from './images.service.ts';

// A stored key never changes its bytes (a new logo gets a new key), so browsers may keep a variant for good.
const CACHE_CONTROL = 'public, max-age=86400, immutable';

const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });

/**
 * GET /api/v1/image (spec §7): organization logos, resized, as WebP when the browser takes it.
 * Public because <img> cannot send a bearer token; the keys are unguessable. Only keys the platform
 * stored itself are served; nothing is ever fetched from elsewhere.
 */
export async function imagesRoutes(app: FastifyInstance, opts: { storage: FileStorage }): Promise<void> {
  const images = createImagesService({ storage: opts.storage });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/image',
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary: 'A stored logo, resized to width w (never enlarged), WebP or PNG by the Accept header',
        security: [],
        querystring: imageQuerySchema,
      },
    },
    async (request, reply) => {
      const { url, w, q } = request.query;
      const format = /\bimage\/webp\b/.test(request.headers.accept ?? '') ? 'webp' : 'png';
      const image = await images.render(url, { width: w, quality: q, format });
      void reply.header('cache-control', CACHE_CONTROL).header('vary', 'Accept').header('etag', image.etag);
      if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.status(304).send();
      return reply.type(image.contentType).send(image.body);
    },
  );
}
