import { spawn } from 'node:child_process';

/**
 * The text of a PDF as poppler's pdftotext reads it (`-layout`: a table's row stays on one line), so a test sees
 * what a reader copying from the file would: a figure split into glyphs or drawn as paths would not come out.
 */
export function pdfText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) =>
      reject(new Error(`pdftotext could not run (install poppler-utils): ${error.message}`, { cause: error })),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`pdftotext exited with ${code}: ${Buffer.concat(err).toString('utf8').trim()}`));
    });
    child.stdin.on('error', () => {}); // pdftotext may close its input early on a broken file; `close` reports it
    child.stdin.end(bytes);
  });
}

/** The text of each page: pdftotext ends every page with a form feed. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pages = (await pdfText(bytes)).split('\f');
  // The form feed after the last page leaves an empty tail.
  if (pages.at(-1) === '') pages.pop();
  return pages;
}
