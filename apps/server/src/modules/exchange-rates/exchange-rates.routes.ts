import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessageSchema } from '@finboard/shared/api';
import {
  exchangeRateMessages as m,
  exchangeRateParamsSchema,
  exchangeRatesQuerySchema,
  exchangeRatesResponseSchema,
  exchangeRatesSavedResponseSchema,
  putExchangeRatesSchema,
} from '@finboard/shared/exchange-rates';
import { messages } from '@finboard/shared/messages';
import { badRequest } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { readMultipart } from '../../plugins/multipart.ts';
import type { ExchangeRatesService } from './exchange-rates.service.ts';

const admin = { access: 'admin' } as const;
const tags = ['exchange-rates'];
/** An import file of 5,000 rates is about 200 kB. */
const MAX_FILE_BYTES = 1024 * 1024;

/** The exchange rates table: administrators read and write it; consolidation reads it. */
export async function exchangeRatesRoutes(app: FastifyInstance, opts: { rates: ExchangeRatesService }): Promise<void> {
  const { rates } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/exchange-rates',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Exchange rates, newest period first, filtered by currency and period',
        querystring: exchangeRatesQuerySchema,
        response: { 200: exchangeRatesResponseSchema },
      },
    },
    async (request) => ({ status: true as const, message: m.fetched, data: await rates.list(request.query) }),
  );

  routes.put(
    '/api/v1/exchange-rates',
    {
      config: admin,
      schema: {
        tags,
        summary: "Saves rates: each replaces its period and pair's (how many `to` one `from` buys)",
        body: putExchangeRatesSchema,
        response: { 200: exchangeRatesSavedResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: m.saved,
      data: { saved: await rates.save(callerOf(request).user, request.body.rates) },
    }),
  );

  routes.post(
    '/api/v1/exchange-rates/import',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Imports a CSV file (`file`) with the header period,from,to,average,closing: every rate or none',
        consumes: ['multipart/form-data'],
        response: { 200: exchangeRatesSavedResponseSchema },
      },
    },
    async (request) => {
      let text: string | undefined;
      await readMultipart(
        request,
        { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5 }, throwFileSizeLimit: true },
        async (part) => {
          if (part.type !== 'file') return;
          if (part.fieldname !== 'file' || text !== undefined) {
            for await (const chunk of part.file) void chunk;
            return;
          }
          text = (await part.toBuffer()).toString('utf8');
        },
      );
      if (text === undefined)
        throw badRequest('FILE_REQUIRED', m.fileRequired, [{ msg: m.fileRequired, path: 'file' }]);
      if (text.includes('\u0000') || text.includes('\uFFFD'))
        throw badRequest('INVALID_FILE', messages.unsupportedCharacters, [
          { msg: messages.unsupportedCharacters, path: 'file' },
        ]);
      return {
        status: true as const,
        message: m.imported,
        data: { saved: await rates.importCsv(callerOf(request).user, text) },
      };
    },
  );

  routes.delete(
    '/api/v1/exchange-rates/:from/:to/:period',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deletes the rate of a period and pair',
        params: exchangeRateParamsSchema,
        response: { 200: apiMessageSchema },
      },
    },
    async (request) => {
      await rates.delete(callerOf(request).user, request.params);
      return { status: true as const, message: m.deleted };
    },
  );
}
