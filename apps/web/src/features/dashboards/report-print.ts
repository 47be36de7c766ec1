import type { ReportColumn } from '@finboard/shared/reports';

/**
 * How many figure columns an A4 landscape page holds beside the label column at the print size (8 pt):
 * "(1,234,567.89)" takes about 62 pt and the page 277 mm less a 60 mm label column leaves 615 pt.
 */
export const PRINT_COLUMNS_PER_PAGE = 10;

/** The suffixes of a comparison's variance columns: a comparison prints with them, never split from them. */
const VARIANCE = /^vs[A-Z]/;

/**
 * A statement's columns in groups that fit a printed page (issue 25 §4): months in order, then Total, then each
 * comparison with its variance and variance % kept together; a group is filled while the next block fits.
 * Every group is printed as its own table with the label column, so every column reaches paper.
 */
export function printColumnGroups(columns: ReportColumn[], perPage = PRINT_COLUMNS_PER_PAGE): ReportColumn[][] {
  const blocks: ReportColumn[][] = [];
  for (const column of columns) {
    const last = blocks.at(-1);
    if (last && VARIANCE.test(column.key)) last.push(column);
    else blocks.push([column]);
  }
  const groups: ReportColumn[][] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (last && last.length + block.length <= perPage) last.push(...block);
    else groups.push([...block]);
  }
  return groups;
}

/** The text of the printed page's margin boxes: a CSS string, its quotes and backslashes escaped. */
export const cssString = (text: string) => `"${text.replace(/[\\"]/g, (char) => `\\${char}`).replace(/\n/g, ' ')}"`;
