import { messages } from '@finboard/shared/messages';

export type ErrorBody = { message?: unknown; errors?: { msg?: unknown; path?: unknown }[] };

/** Spec §8: the msg of the first entry in `errors` if present, else `message`, else the generic text. */
export function errorMessageOf(body: unknown, fallback: string = messages.generic): string {
  const { message, errors } = (body ?? {}) as ErrorBody;
  const first = Array.isArray(errors) ? errors[0]?.msg : undefined;
  if (typeof first === 'string' && first) return first;
  if (typeof message === 'string' && message) return message;
  return fallback;
}
