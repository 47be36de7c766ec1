import type { Content, CustomTableLayout } from 'pdfmake';
import { formatValue, type FigureDisplay } from '@finboard/shared/report-format';
import type { PackDocumentPage } from '@finboard/shared/report-packs';
import type { ReportColumn, ReportRow, ReportSection } from '@finboard/shared/reports';
import { HAIRLINE, textColourOn } from './pack-theme.ts';
import { BASE_FONT_SIZE, contentWidth } from './pdf-style.ts';

type StatementPage = Extract<PackDocumentPage, { kind: 'statement' }>;

const INDENT_PER_DEPTH = 10;
const MIN_LABEL_WIDTH = 90;
const SMALLEST_FONT_SIZE = 5;
const SMALLEST_UNWRAPPED_LABEL_SIZE = 7;
/** Room either side of a cell's text: a third of the type size, so dense tables close up with their type. */
const cellPadding = (fontSize: number) => fontSize / 3;

/** Advance widths in em of the glyphs figures are made of, Roboto Medium's (bold, the wider face), rounded up. */
const FIGURE_GLYPH_EM: Record<string, number> = { ',': 0.23, '.': 0.28, '(': 0.35, ')': 0.35, '-': 0.34, '%': 0.74 };
const DIGIT_EM = 0.57;
/** A label's letters on average, capitals and bold included, erring wide; a header's, whose words are short. */
const LABEL_GLYPH_EM = 0.52;
const HEADER_GLYPH_EM = 0.7;
const figureEms = (text: string) =>
  [...text].reduce((sum, glyph) => sum + (FIGURE_GLYPH_EM[glyph] ?? (/\d/.test(glyph) ? DIGIT_EM : 0.6)), 0);

/**
 * A statement page's tables, one per section: every row however many (a table runs onto as many pages as it
 * needs, its header row repeated on each), figures formatted as the screen formats them and right-aligned,
 * subtotals and totals bold over a rule, labels indented by depth.
 */
export function statementTables(page: StatementPage, colour: string): Content[] {
  if (page.sections.length === 0) return [{ text: 'No figures for this period.', style: 'muted' }];
  const display = { thousands: page.thousands, brackets: page.brackets };
  return page.sections.map((section, index) => ({
    stack: [sectionTable(section, display, colour, contentWidth(page.orientation))],
    // Space goes above a table, never below the last: see pageContent.
    margin: [0, index === 0 ? 0 : 12, 0, 0],
  }));
}

/** A row's figures as shown: a heading has none; a row's own format wins over its column's kind. */
const shownFigures = (row: ReportRow, columns: ReportColumn[], display: FigureDisplay) =>
  columns.map((column) =>
    row.kind === 'heading' ? '' : formatValue(row.values[column.key], row.format ?? column.kind, display),
  );

function sectionTable(section: ReportSection, display: FigureDisplay, colour: string, width: number): Content {
  const figures = section.rows.map((row) => shownFigures(row, section.columns, display));
  const { fontSize, figureWidths } = tableGeometry(section.rows, section.columns, figures, width);
  const onColour = textColourOn(colour);
  const header: Content[] = [
    { text: section.label, bold: true, color: onColour, fillColor: colour },
    ...section.columns.map((column): Content => ({
      text: column.label,
      bold: true,
      color: onColour,
      fillColor: colour,
      alignment: 'right',
    })),
  ];
  const body = section.rows.map((row, index): Content[] => {
    const bold = row.kind !== 'line';
    return [
      { text: row.label, bold, margin: [row.depth * INDENT_PER_DEPTH, 0, 0, 0] },
      ...figures[index]!.map((text): Content => ({ text, bold, alignment: 'right', noWrap: true })),
    ];
  });
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', ...figureWidths],
      body: [header, ...body],
    },
    layout: statementLayout(section.rows, colour, cellPadding(fontSize)),
    fontSize,
  };
}

/** Rules over subtotals (hairline) and totals (the organization's colour); no vertical lines. */
function statementLayout(rows: ReportRow[], colour: string, padding: number): CustomTableLayout {
  // Line i runs above body row i; body row 0 is the header, so row i - 1 of the statement is below it.
  const below = (line: number) => rows[line - 1]?.kind;
  return {
    hLineWidth: (line) => (below(line) === 'total' ? 1 : below(line) === 'subtotal' ? 0.5 : 0),
    hLineColor: (line) => (below(line) === 'total' ? colour : HAIRLINE),
    vLineWidth: () => 0,
    paddingLeft: () => padding,
    paddingRight: () => padding,
    paddingTop: () => 1.5,
    paddingBottom: () => 1.5,
  };
}

/**
 * The type size and the figure columns' widths: the largest size, from the base down, at which the table fits the
 * page without wrapping. Figures never wrap (a split figure is a wrong one), so a wide statement gets smaller
 * type; labels are kept whole down to a readable size, and below it they wrap while the figures shrink on. Each
 * figure column is as wide as its widest figure (or header word), the label column has the rest: measuring with
 * pdfmake's 'auto' would let header text wider than the figures squeeze the labels.
 */
function tableGeometry(
  rows: ReportRow[],
  columns: ReportColumn[],
  figures: string[][],
  width: number,
): { fontSize: number; figureWidths: number[] } {
  const wordEms = (label: string) => Math.max(...label.split(/\s+/).map((word) => word.length * HEADER_GLYPH_EM));
  const widestEms = columns.map((column, index) =>
    figures.reduce((most, row) => Math.max(most, figureEms(row[index]!)), wordEms(column.label)),
  );
  // With room to spare a header keeps to one line; short of it, it wraps by word.
  const unwrappedEms = columns.map((column, index) =>
    Math.max(widestEms[index]!, column.label.length * HEADER_GLYPH_EM),
  );
  const figuresWidth = (ems: number[], size: number) =>
    ems.reduce((sum, each) => sum + each * size + 2 * cellPadding(size), 0);
  const labelWidth = (size: number) =>
    rows.reduce(
      (most, row) => Math.max(most, row.depth * INDENT_PER_DEPTH + row.label.length * LABEL_GLYPH_EM * size),
      0,
    ) +
    2 * cellPadding(size);
  const sizes = Array.from(
    { length: (BASE_FONT_SIZE - SMALLEST_FONT_SIZE) * 2 + 1 },
    (_, step) => BASE_FONT_SIZE - step / 2,
  );
  const fontSize =
    sizes.find(
      (size) => size >= SMALLEST_UNWRAPPED_LABEL_SIZE && figuresWidth(widestEms, size) + labelWidth(size) <= width,
    ) ??
    sizes.find((size) => figuresWidth(widestEms, size) + MIN_LABEL_WIDTH <= width) ??
    SMALLEST_FONT_SIZE;
  const ems = figuresWidth(unwrappedEms, fontSize) + labelWidth(fontSize) <= width ? unwrappedEms : widestEms;
  return { fontSize, figureWidths: ems.map((each) => Math.ceil(each * fontSize)) };
}
