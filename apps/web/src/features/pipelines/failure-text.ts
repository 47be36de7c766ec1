/**
 * What the page says when a call fails: the spec's words (§8: 'An error occurred while running the
 * pipeline', …) when the server or the network failed, the server's own reason when it refused the
 * request (a 4xx of ApiError names what was wrong, e.g. 'Organization not found').
 */
export const failureText = (error: Error & { status?: number }, specMessage: string) =>
  error.status !== undefined && error.status >= 400 && error.status < 500 ? error.message : specMessage;
