import type { Report, ReportSection } from '@finboard/shared/reports';

/** A cell as spreadsheets read it: quoted when it holds a separator, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * A label could start with what a spreadsheet takes for a formula (=, +, -, @): it is kept as text
 * with a leading apostrophe. Figures are numbers and are written as they are.
 */
const textCell = (value: string) => cell(/^\s*[=+\-@]/.test(value) ? `'${value}` : value);

/** Figures keep their two decimals and no thousands separator, so a spreadsheet reads them as numbers. */
const figure = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toFixed(2));

/** One section as a table: its label column, indented by depth, then one column per report column. */
export function sectionCsv(section: ReportSection): string {
  const header = [section.label, ...section.columns.map((column) => column.label)].map(textCell).join(',');
  const rows = section.rows.map((row) =>
    [textCell(`${'  '.repeat(row.depth)}${row.label}`), ...section.columns.map((c) => figure(row.values[c.key]))].join(
      ',',
    ),
  );
  return [header, ...rows].join('\r\n');
}

/** The whole statement: a title line with its range and filters, then every section, a blank line apart. */
export function reportCsv(title: string, report: Report): string {
  const scope = [`${report.from} to ${report.to}`, report.entity, report.department].filter(Boolean).join(', ');
  return [textCell(`${title} (${scope})`), ...report.sections.map(sectionCsv)].join('\r\n\r\n') + '\r\n';
}

/** A file name from the statement's title and range: "Profit-Loss_2025-01_2025-03.csv". */
export const reportFileName = (title: string, report: Pick<Report, 'from' | 'to'>, extension: string) =>
  `${title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report'}_${report.from}_${report.to}.${extension}`;
