/**
 * fetch() to an outside service, cut off after `timeoutMs` as well as by the caller's own signal. A network
 * failure or timeout becomes the client's own error (`networkError`); the caller's abort stays an abort, so a
 * stopping job is told apart from an unreachable service.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit & { signal?: AbortSignal },
  timeoutMs: number,
  networkError: (error: unknown) => Error,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw networkError(error);
  }
}
