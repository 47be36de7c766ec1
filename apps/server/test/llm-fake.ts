import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  authorization?: string;
}

/**
 * A local OpenAI-compatible chat completions server (POST /v1/chat/completions) for Chat DB's tests: it answers
 * what `reply` returns for each request — a JSON string put in choices[0].message.content, or a status code.
 */
export async function startLlmFake(reply: (request: LlmRequest) => string | number) {
  const requests: LlmRequest[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as LlmRequest;
  };
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const body = { ...(await read(request)), authorization: request.headers.authorization };
    requests.push(body);
    const answer = reply(body);
    if (typeof answer === 'number') {
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{"error":{"message":"fake failure"}}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
