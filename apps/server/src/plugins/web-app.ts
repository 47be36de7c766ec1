import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiError } from '@finboard/shared/api';
import { messages } from '@finboard/shared/messages';

/** Must match `html.cspNonce` in apps/web/vite.config.ts. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Source maps stay beside the build for debugging; they are never served (the source is not public). */
const isSourceMap = (pathname: string) => pathname.endsWith('.map');

/**
 * Serves the built web app: hashed assets with long-lived caching, sent as the brotli or gzip file the
 * build wrote beside them when the browser accepts it, and index.html for every client-side route, with
 * this request's CSP nonce written in. Unknown API paths and source maps answer JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string | undefined }) => {
  const indexFile = opts.distDir ? path.join(opts.distDir, 'index.html') : undefined;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (indexHtml && opts.distDir) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web app not built: serving the API only (run npm run build)');
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml!.replaceAll(NONCE_PLACEHOLDER, reply.cspNonce));

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage) return sendIndex(reply);
    return reply.status(404).send({ status: false, message: messages.routeNotFound } satisfies ApiError);
  });
});
