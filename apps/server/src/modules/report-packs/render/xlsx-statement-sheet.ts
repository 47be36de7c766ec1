import type { Cell, CellValue, Worksheet } from 'exceljs';
import type { PackDocument, PackDocumentPage } from '@finboard/shared/report-packs';
import type { ReportRow, ReportSection } from '@finboard/shared/reports';
import { figureFormat } from './excel-formats.ts';
import { HAIRLINE } from './pack-theme.ts';
import { formulaText, subtotalTerms, type FormulaRow } from './subtotal-formulas.ts';
import { argb, formulaCell, writeHeaderRow, writeSheetTitle } from './xlsx-cells.ts';

type StatementPage = Extract<PackDocumentPage, { kind: 'statement' }>;

const LABEL_WIDTH = { min: 24, max: 60 };
const FIGURE_WIDTH = 15;

/**
 * A statement page as a worksheet: each section's header row (the first one frozen with the labels), its rows as
 * the statement has them, figures as numbers formatted as the PDF shows them, and every subtotal and total that
 * its rows add up to written as that formula with the figure as its result.
 */
export function writeStatementSheet(sheet: Worksheet, document: PackDocument, page: StatementPage): void {
  const display = { thousands: page.thousands, brackets: page.brackets };
  let at = writeSheetTitle(
    sheet,
    page.title,
    [`${document.organization} · ${document.periodLabel}`, `${page.scope} · ${page.units}`],
    document.colour,
  );
  const firstHeader = at;
  let widestLabel = 0;
  let widestTable = 0;
  for (const section of page.sections) {
    writeHeaderRow(sheet, at, [section.label, ...section.columns.map((column) => column.label)], document.colour);
    const firstRow = at + 1;
    const formulas = sectionFormulas(
      section,
      (index) => firstRow + index,
      (column) => sheet.getColumn(column).letter,
    );
    section.rows.forEach((row, index) => {
      const line = sheet.getRow(firstRow + index);
      const label = line.getCell(1);
      label.value = row.label;
      label.alignment = { indent: row.depth };
      section.columns.forEach((column, offset) => {
        const cell = line.getCell(offset + 2);
        const value = row.values[column.key] ?? null;
        cell.numFmt = figureFormat(row.format ?? column.kind, display);
        if (row.kind === 'heading' || value === null) return;
        cell.value = formulas.get(`${index}:${column.key}`) ?? value;
      });
      emphasise(line.getCell(1), row, document.colour);
      for (let column = 2; column <= section.columns.length + 1; column++)
        emphasise(line.getCell(column), row, document.colour);
      widestLabel = Math.max(widestLabel, row.label.length + row.depth * 2);
    });
    widestTable = Math.max(widestTable, section.columns.length + 1);
    at = firstRow + section.rows.length + 1;
  }
  sheet.getColumn(1).width = Math.min(LABEL_WIDTH.max, Math.max(LABEL_WIDTH.min, widestLabel + 2));
  for (let column = 2; column <= widestTable; column++) sheet.getColumn(column).width = FIGURE_WIDTH;
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: firstHeader }];
}

/** Headings, subtotals and totals bold; a rule over subtotals, the organization's colour over totals. */
function emphasise(cell: Cell, row: ReportRow, colour: string) {
  if (row.kind === 'line') return;
  cell.font = { bold: true };
  if (row.kind === 'subtotal') cell.border = { top: { style: 'thin', color: { argb: argb(HAIRLINE) } } };
  if (row.kind === 'total') cell.border = { top: { style: 'thin', color: { argb: argb(colour) } } };
}

/**
 * The formula cells of a section by `row:column`: in each amount column, a subtotal the search explains. A row
 * whose own format is not an amount (a margin in %) is never a term, and neither are columns of percentages.
 */
function sectionFormulas(
  section: ReportSection,
  sheetRow: (index: number) => number,
  letter: (column: number) => string,
): Map<string, CellValue> {
  const amountColumns = section.columns.filter((column) => column.kind === 'amount');
  const amountsOf = (row: ReportRow): FormulaRow['amounts'] => {
    if (row.kind === 'heading') return {};
    if ((row.format ?? 'amount') !== 'amount') return null;
    return Object.fromEntries(amountColumns.map((column) => [column.key, row.values[column.key] ?? null]));
  };
  const rows = section.rows.map((row): FormulaRow => ({ kind: row.kind, depth: row.depth, amounts: amountsOf(row) }));
  const cells = new Map<string, CellValue>();
  const isBlank = (index: number) => section.rows[index]!.kind === 'heading';
  for (const [index, terms] of subtotalTerms(rows)) {
    const row = section.rows[index]!;
    for (const column of amountColumns) {
      const result = row.values[column.key] ?? null;
      if (result === null) continue;
      const formula = formulaText(terms, letter(section.columns.indexOf(column) + 2), sheetRow, isBlank);
      if (formula) cells.set(`${index}:${column.key}`, formulaCell(formula, result));
    }
  }
  return cells;
}
