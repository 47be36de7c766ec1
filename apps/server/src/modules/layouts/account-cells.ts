import type { Layout } from '@finboard/shared/layouts';

/**
 * An account cell as exports write it, read into our code and name:
 * - `code`: the cell is the code ('6120');
 * - `code-name`: '6120 · Rent', '6120 - Rent', '6120 Rent' or 'Rent (6120)' — the code and the name; a cell
 *   without a code is a name (matched to the chart by name, else the name is its code);
 * - `name`: a name matched to the chart by name, else the name is its code;
 * - `path`: 'Expenses:Office:Rent' — the full path is the code (unique where leaf names are not), the leaf
 *   the name, the path above it the parent; the ancestors are accounts too. A level that writes its own
 *   code ('6000 Expenses : 6100 Rent') is that code.
 */

export interface AccountReading {
  /** The cell as written (report sections are matched to their "Total for …" rows by it). */
  cell: string;
  code: string;
  name: string;
  parentCode: string | null;
  path: string | null;
  /** For a path: the accounts above it, root first. */
  ancestors: { code: string; name: string; parentCode: string | null; path: string }[];
}

/** A code: digits, possibly with letters, dots or dashes inside ('6120', '1-1000', '400.10', 'A100'). */
const CODE = /^(?=[^\s]*\d)[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
const DEFAULT_SEPARATORS = [' · ', ' - ', ' – ', ' — ', ': '];

export function readAccount(
  cell: string,
  format: Layout['account'],
  codeOfName: (name: string) => string | undefined,
  chartCodes: ReadonlySet<string>,
): AccountReading {
  const text = cell.trim();
  const plain = (code: string, name: string): AccountReading => ({
    cell: text,
    code,
    name,
    parentCode: null,
    path: null,
    ancestors: [],
  });
  const byName = (name: string) => plain(codeOfName(name) ?? name, name);

  if (format.format === 'code') return plain(text, text);
  if (format.format === 'name') return byName(text);
  if (format.format === 'path') {
    const separator = format.separator ?? ':';
    const parts = text
      .split(separator)
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.length === 0) return plain(text, text);
    // Each level is its own code where it writes one (NetSuite: '6000 Expenses : 6100 Rent'), else its path.
    const levels = parts.map((part, depth) => {
      const path = parts.slice(0, depth + 1).join(separator);
      const numbered = numberedName(part);
      return { code: numbered?.code ?? path, name: numbered?.name ?? part, path };
    });
    const ancestors = levels
      .slice(0, -1)
      .map((level, depth) => ({ ...level, parentCode: depth === 0 ? null : levels[depth - 1]!.code }));
    const leaf = levels.at(-1)!;
    return {
      cell: text,
      code: leaf.code,
      name: leaf.name,
      parentCode: ancestors.at(-1)?.code ?? null,
      path: leaf.path,
      ancestors,
    };
  }

  // code-name
  if (chartCodes.has(text)) return plain(text, text);
  const trailing = /^(.+?)\s*\(([^()]+)\)$/.exec(text);
  if (trailing && CODE.test(trailing[2]!.trim())) return plain(trailing[2]!.trim(), trailing[1]!.trim());
  for (const separator of format.separator ? [format.separator] : DEFAULT_SEPARATORS) {
    const at = text.indexOf(separator);
    if (at <= 0) continue;
    const code = text.slice(0, at).trim();
    const name = text.slice(at + separator.length).trim();
    if (CODE.test(code) && name !== '') return plain(code, name);
  }
  const numbered = numberedName(text);
  if (numbered) return plain(numbered.code, numbered.name);
  if (CODE.test(text) && /^\d/.test(text)) return plain(text, text);
  return byName(text);
}

/** '6120 Rent' → code 6120, name Rent: a code that starts with a digit, a space, then the name. */
function numberedName(text: string): { code: string; name: string } | undefined {
  const spaced = /^(\S+)\s+(.+)$/.exec(text);
  return spaced && CODE.test(spaced[1]!) && /^\d/.test(spaced[1]!)
    ? { code: spaced[1]!, name: spaced[2]!.trim() }
    : undefined;
}
