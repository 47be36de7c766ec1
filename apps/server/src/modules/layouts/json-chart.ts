/**
 * ERPNext (and Frappe) export charts of accounts as a JSON tree: each account a key whose object holds its
 * properties (`account_number`, `account_type`, `root_type` on the roots, `is_group`) beside its children.
 * Read as a table — Code, Name, Parent Account, Type (the root's type, inherited), Detail Type — so the
 * chart recognizer and layouts treat it like any exported chart.
 */

type Node = Record<string, unknown>;

export const JSON_CHART_HEADER = ['Code', 'Name', 'Parent Account', 'Type', 'Detail Type'];

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The records of a JSON chart tree, or undefined when the text is not one. */
export function jsonChartRecords(text: string): string[][] | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const tree = isNode(parsed) && isNode(parsed.tree) ? parsed.tree : undefined;
  if (!tree) return undefined;
  const records: string[][] = [JSON_CHART_HEADER];
  const walk = (node: Node, parent: string, rootType: string) => {
    for (const [name, child] of Object.entries(node)) {
      if (!isNode(child)) continue; // a property of the node itself
      const type = typeof child.root_type === 'string' ? child.root_type : rootType;
      const code =
        typeof child.account_number === 'string' && child.account_number !== '' ? child.account_number : name;
      const detail = typeof child.account_type === 'string' ? child.account_type : '';
      records.push([code, name, parent, type, detail]);
      walk(child, code, type);
    }
  };
  walk(tree, '', '');
  return records;
}
