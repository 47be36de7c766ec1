import { z } from 'zod';

/** How long a caller waits for the model before doing without it. */
const LLM_TIMEOUT_MS = 20_000;

export interface ChatCompletionsOptions {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/**
 * One JSON answer of a language model over the OpenAI-compatible chat completions protocol (OpenAI, Ollama,
 * vLLM), asked for with a JSON schema (`response_format`, structured outputs) and checked against it: the
 * parsed answer, or undefined when the model answered nothing that fits. A failed request throws.
 */
export function createChatCompletions(options: ChatCompletionsOptions) {
  const url = `${options.baseUrl.replace(/\/$/, '')}/chat/completions`;
  return async function completeJson<S extends z.ZodType>(request: {
    name: string;
    schema: S;
    system: string;
    user: string;
  }): Promise<z.output<S> | undefined> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        temperature: 0,
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.name, schema: z.toJSONSchema(request.schema, { io: 'input' }) },
        },
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
      }),
      signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the language model answered ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (!content) return undefined;
    try {
      return request.schema.parse(JSON.parse(content));
    } catch {
      return undefined;
    }
  };
}

export type CompleteJson = ReturnType<typeof createChatCompletions>;
