import { Writable } from 'node:stream';

/** A stream for pino that keeps every line it writes, parsed, so a test can read what was logged. */
export function jsonLogCapture(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}
