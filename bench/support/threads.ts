/**
 * Clients in worker threads, off the server's event loop (as real clients run elsewhere): plain node:http
 * with keep-alive rather than fetch and its web streams, since on two cores whatever CPU the clients spend
 * is taken from the server being measured.
 */
import { Worker } from 'node:worker_threads';

/** CommonJS source of `send(url, options)`: resolves the status once the whole body has been read. */
export const HTTP_GET = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
function send(url, { method = 'GET', headers = {}, body, timeoutMs = 30000 } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent, timeout: timeoutMs }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out after ' + timeoutMs + ' ms')));
    request.on('error', reject);
    request.end(body);
  });
}
`;

/** Runs `code` (CommonJS) in a worker thread; answers its first message. */
export function inThread<T>(code: string, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
