import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@finboard/shared/api';

declare module 'fastify' {
  interface FastifyReply {
    /** The nonce this page's inline styles carry (Ant Design injects them); empty on API answers. */
    cspNonce: string;
  }
}

const STYLE_NONCE = Symbol('style nonce');
type PageResponse = ServerResponse & { [STYLE_NONCE]?: string };

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // React and Ant Design set element styles through the CSSOM; a few components write style attributes.
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // Power BI reports are embedded from the service's own pages (issue 11 §2).
  frameSrc: ["'self'", 'https://app.powerbi.com', 'https://*.powerbi.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Cross-origin isolation headers would break the Power BI embed later; Helmet's defaults otherwise. */
const headersFor = (styleSrc: (string | ((req: IncomingMessage, res: ServerResponse) => string))[]) =>
  helmet({ contentSecurityPolicy: { directives: { ...directives, styleSrc } }, crossOriginEmbedderPolicy: false });

/**
 * Helmet with a strict Content-Security-Policy: scripts only from our origin, styles from our origin
 * or carrying the page's nonce, no framing of our pages. Both header sets are built once: building
 * Helmet per request (as @fastify/helmet does for nonces) cost more than an API call's own work.
 * API answers are JSON and need no nonce.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const apiHeaders = headersFor(directives.styleSrc);
  const pageHeaders = headersFor([
    ...directives.styleSrc,
    (_req, res) => `'nonce-${(res as PageResponse)[STYLE_NONCE]}'`,
  ]);
  app.decorateReply('cspNonce', '');

  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(`${API_PREFIX}/`)) return apiHeaders(request.raw, reply.raw, () => done());
    const nonce = randomBytes(16).toString('hex');
    reply.cspNonce = nonce;
    (reply.raw as PageResponse)[STYLE_NONCE] = nonce;
    return pageHeaders(request.raw, reply.raw, () => done());
  });
});
