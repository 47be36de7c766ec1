import { messages } from '@finboard/shared/messages';

/** An expected failure with a stable code; the one error handler turns it into the spec's envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: { msg: string; path: string }[],
    /** Seconds the client should wait, sent as Retry-After (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Sent as the envelope's `data` beside the message (an upload's problems); nothing by default. */
  responseData(): unknown {
    return undefined;
  }
}

export const badRequest = (code: string, message: string, errors?: { msg: string; path: string }[]) =>
  new AppError(400, code, message, errors);
export const unauthorized = (message: string) => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string, path?: string) =>
  new AppError(409, code, message, path ? [{ msg: message, path }] : undefined);
/** A failure of ours (500) with the operation's message; the original error stays attached as `cause`. */
export const internalError = (code: string, message: string, cause: unknown) =>
  Object.assign(new AppError(500, code, message), { cause });
export const tooManyRequests = (message: string, retryAfter?: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, retryAfter);

/** Input the routes validate themselves (multipart forms, legacy lists), reported like schema failures. */
export function invalidInput(issues: readonly { message: string; path: readonly PropertyKey[] }[], pathPrefix = '') {
  const errors = issues.map((issue) => ({
    msg: issue.message,
    path: [pathPrefix, ...issue.path.map(String)].filter(Boolean).join('.'),
  }));
  return badRequest('VALIDATION_FAILED', errors[0]?.msg ?? messages.validationFailed, errors);
}
