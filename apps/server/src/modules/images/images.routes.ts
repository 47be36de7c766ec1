import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../platform/storage/storage.ts';

export async function imagesRoutes(app: FastifyInstance, opts: { storage: FileStorage }): Promise<void> {
  void app;
  void opts;
}
