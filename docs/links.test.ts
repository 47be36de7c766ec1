import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in README.md and docs/ points at something: a file of the repository and, with an
 * anchor, a heading of it (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, a repeated
 * heading numbered).
 */
const ROOT = path.resolve(import.meta.dirname, '..');

function markdownFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(ROOT, 'docs', file));
  return [path.join(ROOT, 'README.md'), ...docs];
}

/** The text outside fenced code blocks and inline code, where links are links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
    const [relative, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = relative === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(relative));
    if (!fs.existsSync(resolved)) {
      broken.push(`${path.relative(ROOT, file)}: ${target} (no such file)`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor))
      broken.push(`${path.relative(ROOT, file)}: ${target} (no such heading)`);
  }
  return broken;
}

describe('the documentation', () => {
  it('links only to files and headings that exist', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });

  it("reads GitHub's anchors", () => {
    expect([...anchorsOf('# Running on PostgreSQL\n## Q&A: what, why?\n## Q&A: what, why?\n')]).toEqual([
      'running-on-postgresql',
      'qa-what-why',
      'qa-what-why-1',
    ]);
  });
});
