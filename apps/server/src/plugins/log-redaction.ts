import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/**
 * Everything after these path segments is a secret: the e-mailed set-password links (reset and
 * invitation, `/reset-password/{token}`), on the page, on the link check `GET /api/v1/auth/reset-password/{token}`
 * or on any other API path a client puts them.
 * Matched on the decoded path in any letter case, since the web app's router accepts both.
 */
const SECRET_PATH = /(\/reset-password\/).*/i;

/** Query parameters whose values are secrets: tokens, OAuth authorization codes and states, keys, passwords. */
const SECRET_PARAMETER = /token|secret|password|^(?:code|state|key|sig|signature)$/i;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A request URL as it may be logged: token-carrying path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const decodedPath = safeDecode(path);
  const safePath = SECRET_PATH.test(decodedPath) ? decodedPath.replace(SECRET_PATH, `$1${REDACTED}`) : path;
  if (queryAt === -1) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      const name = equalsAt === -1 ? pair : pair.slice(0, equalsAt);
      return SECRET_PARAMETER.test(safeDecode(name.replaceAll('+', ' '))) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options with a request serializer that never writes a token-carrying URL. */
export function withRedactedRequestUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
