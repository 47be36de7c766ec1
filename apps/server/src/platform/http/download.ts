import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * Answers a file to download: its type, a name the browser keeps (quotes, line breaks and non-ASCII replaced; a
 * name that had any also given in full, RFC 5987), never cached — the files are an organization's figures.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { filename: string; contentType: string; body: Buffer | Readable },
): FastifyReply {
  const plain = file.filename.replace(/["\\\r\n]/g, '_').replace(/[^\x20-\x7e]/g, '_');
  const utf8 = plain === file.filename ? '' : `; filename*=UTF-8''${encodeURIComponent(file.filename)}`;
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${plain}"${utf8}`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
