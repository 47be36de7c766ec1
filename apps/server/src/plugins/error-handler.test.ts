import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../test/build-app.ts';
import { bearer, login } from '../../test/factories.ts';
import { internalError } from '../errors.ts';
import { errorHandlerPlugin } from './error-handler.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, TEST_ADMIN);
});
afterAll(() => t?.close());

const envelope = (message: string) => ({ status: false, message });

describe("Fastify's own refusals", () => {
  it.each([
    ['a URL that does not decode', '/api/v1/%zz', 400, messages.invalidUrl],
    ['a URL that does not decode, in a parameter', '/api/v1/organization/%E0%A4%A', 400, messages.invalidUrl],
    ['a path parameter over the router limit', `/api/v1/organization/${'a'.repeat(150)}`, 414, messages.urlTooLong],
    ['an unknown API route', '/api/v1/nothing/<script>alert(1)</script>', 404, messages.routeNotFound],
  ])('answer %s in the envelope with our message, never the URL', async (_, url, status, message) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });

    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(envelope(message));
  });

  it('answers a JSON body over the limit with 413 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000), password: 'x' }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(envelope(messages.requestTooLarge));
  });

  it('answers a content type nobody parses with 415 in the envelope, without repeating it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-evil-<b>' },
      payload: 'x',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(envelope(messages.unsupportedMediaType));
  });
});

describe("what Node's HTTP parser refuses", () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and returns everything the server answers before it closes the connection. */
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const answerOf = (text: string) => {
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { statusLine: head.split('\r\n')[0], contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1], body };
  };

  it('answers a header block over maxHeaderSize with 431 in the envelope', async () => {
    const answer = answerOf(
      await raw(`GET /api/v1/auth/settings HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );

    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual(envelope(messages.headersTooLarge));
  });

  it('answers a URL over maxHeaderSize with 431 in the envelope, without repeating it', async () => {
    const answer = answerOf(
      await raw(`GET /api/v1/organization?name=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );

    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(answer.body)).toEqual(envelope(messages.headersTooLarge));
  });

  it('answers bytes that are not HTTP with 400 in the envelope', async () => {
    const answer = answerOf(await raw('\u0000\u0001 garbage \r\n\r\n'));

    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.body)).toEqual(envelope(messages.malformedRequest));
  });
});

describe('a value the database refuses', () => {
  // The request schemas refuse these first; this proves the backstop for whatever a schema misses.
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    const db = t.database.db;
    app.get('/nul', () => db.execute(sql`select ${'a\u0000b'}::text`));
    app.get('/year-zero', () => db.execute(sql`select ${'0000-01-01'}::date`));
    app.get('/not-a-number', () => db.execute(sql`select ${'ten'}::numeric`));
    app.get('/wrapped', async () => {
      try {
        await db.execute(sql`select ${'10000-13-01'}::date`);
      } catch (error) {
        throw internalError('DATA_MANAGEMENT_FAILED', 'Failed to fetch table data', error);
      }
    });
    app.get('/broken', () => db.execute(sql`select * from no_such_table`));
    await app.ready();
  });
  afterAll(() => app?.close());

  it.each([
    ['a NUL in text', '/nul', messages.invalidValue],
    ['the year 0', '/year-zero', messages.invalidValue],
    ['text as a number', '/not-a-number', messages.invalidValue],
    ["a service's 500 caused by a bad date, with the service's message", '/wrapped', 'Failed to fetch table data'],
  ])('answers %s with 400 in the envelope', async (_, url, message) => {
    const response = await app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(envelope(message));
  });

  it('still answers a failure of ours with 500 and the generic message', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(envelope(messages.internal));
  });
});
