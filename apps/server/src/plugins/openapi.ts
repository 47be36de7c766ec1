import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@finboard/shared/constants';

/** OpenAPI 3.1 generated from the routes' zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, description: PRODUCT_TAGLINE, version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets element styles inline; allow that on the docs pages only, never remote styles.
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace(/img-src [^;]*;/, "img-src 'self' data:;")
        .replace(/font-src [^;]*;/, "font-src 'self' data:;")
        // Plain-HTTP installs (a laptop, an intranet host) must still load the spec.
        .replace(/\s*upgrade-insecure-requests;/, ''),
  });
});
