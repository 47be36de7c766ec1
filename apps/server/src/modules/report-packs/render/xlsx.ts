import type ExcelJS from 'exceljs';
import type { Workbook, Worksheet } from 'exceljs';
import type { PackDocument, PackDocumentPage } from '@finboard/shared/report-packs';
import { figureFormat, kpiChangeFormat, kpiFormat } from './excel-formats.ts';
import { BAD_NEWS, GOOD_NEWS, isGoodNews } from './pack-theme.ts';
import { createSheetNamer } from './sheet-names.ts';
import { signOffLine, tieOutVerdict } from './tie-out-summary.ts';
import { writeStatementSheet } from './xlsx-statement-sheet.ts';
import { argb, formulaCell, writeHeaderRow, writeSheetTitle } from './xlsx-cells.ts';

type PageOf<Kind extends PackDocumentPage['kind']> = Extract<PackDocumentPage, { kind: Kind }>;

// exceljs takes half a second to load: the server loads it with the first workbook it writes, not at start.
let exceljs: Promise<typeof ExcelJS> | undefined;
const loadExcelJs = () => (exceljs ??= import('exceljs').then((module) => module.default));

/**
 * A pack as an Excel workbook (issue 27 §2): a contents sheet, a sheet per statement page, a "KPIs" sheet and a
 * "Tie-out" sheet; figures are numbers with the formats the PDF shows, subtotals formulas where their rows add
 * up. `sheets` is the number of worksheets.
 */
export async function renderPackWorkbook(document: PackDocument): Promise<{ bytes: Buffer; sheets: number }> {
  const { Workbook } = await loadExcelJs();
  const workbook: Workbook = new Workbook();
  workbook.creator = 'Finboard';
  workbook.title = document.title;
  // Formulas carry their results, but Excel recomputes them on opening rather than trust a file.
  workbook.calcProperties.fullCalcOnLoad = true;
  const nameOf = createSheetNamer();
  const contents = workbook.addWorksheet(nameOf('Contents'));
  const listed: { name: string; title: string }[] = [];
  for (const page of document.pages) {
    const sheet = sheetFor(workbook, nameOf, page);
    if (!sheet) continue;
    listed.push({ name: sheet.name, title: page.title });
    if (page.kind === 'statement') writeStatementSheet(sheet, document, page);
    if (page.kind === 'kpis') writeKpiSheet(sheet, document, page);
    if (page.kind === 'tie-out') writeTieOutSheet(sheet, document, page);
  }
  writeContentsSheet(contents, document, listed);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes, sheets: workbook.worksheets.length };
}

/** The pages that have figures to work with get a sheet; cover, commentary, notes and charts are the PDF's. */
function sheetFor(workbook: Workbook, nameOf: (wanted: string) => string, page: PackDocumentPage) {
  switch (page.kind) {
    case 'statement':
      return workbook.addWorksheet(nameOf(page.title));
    case 'kpis':
      return workbook.addWorksheet(nameOf('KPIs'));
    case 'tie-out':
      return workbook.addWorksheet(nameOf('Tie-out'));
    default:
      return undefined;
  }
}

function writeContentsSheet(sheet: Worksheet, document: PackDocument, listed: { name: string; title: string }[]) {
  const cover = document.pages.find((page): page is PageOf<'cover'> => page.kind === 'cover');
  let at = writeSheetTitle(
    sheet,
    document.title,
    [
      `${document.organization} · ${document.periodLabel}`,
      `Amounts in ${document.currency}`,
      ...(cover ? [`Prepared by ${cover.preparedBy} on ${cover.preparedOn}`] : []),
    ],
    document.colour,
  );
  writeHeaderRow(sheet, at, ['Sheet'], document.colour);
  for (const entry of listed) {
    at += 1;
    const cell = sheet.getCell(at, 1);
    // Sheet names are quoted in a link: a name may hold spaces and apostrophes (doubled).
    cell.value = { text: entry.title, hyperlink: `#'${entry.name.replace(/'/g, "''")}'!A1` };
    cell.font = { color: { argb: argb(document.colour) }, underline: true };
  }
  sheet.getColumn(1).width = 48;
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** `2026-10` → "Oct 2026"; anything else as given. */
const periodLabel = (period: string) =>
  /^\d{4}-\d{2}$/.test(period) ? monthLabel.format(new Date(`${period}-01T00:00:00Z`)) : period;

function writeKpiSheet(sheet: Worksheet, document: PackDocument, page: PageOf<'kpis'>) {
  const first = writeSheetTitle(
    sheet,
    page.title,
    [`${document.organization} · ${document.periodLabel}`],
    document.colour,
  );
  writeHeaderRow(
    sheet,
    first,
    [
      'KPI',
      'Value',
      'Previous month',
      'Prior year',
      'vs previous month',
      'vs prior year',
      ...page.periods.map(periodLabel),
    ],
    document.colour,
  );
  page.kpis.forEach((kpi, index) => {
    const row = sheet.getRow(first + 1 + index);
    row.getCell(1).value = kpi.label;
    const figures = [kpi.value, kpi.previous, kpi.priorYear, null, null, ...kpi.spark];
    figures.forEach((value, offset) => {
      if (offset === 3 || offset === 4) return;
      const cell = row.getCell(offset + 2);
      cell.numFmt = kpiFormat(kpi.unit);
      if (value !== null) cell.value = value;
    });
    [kpi.change, kpi.priorYearChange].forEach((change, offset) => {
      const cell = row.getCell(5 + offset);
      cell.numFmt = kpiChangeFormat(kpi.changeKind);
      if (change === null) return;
      cell.value = change;
      cell.font = { color: { argb: argb(isGoodNews(change, kpi.higherIsBetter) ? GOOD_NEWS : BAD_NEWS) } };
    });
    row.getCell(2).font = { bold: true };
  });
  sheet.getColumn(1).width = 34;
  for (let column = 2; column <= 6 + page.periods.length; column++) sheet.getColumn(column).width = 14;
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: first }];
}

function writeTieOutSheet(sheet: Worksheet, document: PackDocument, page: PageOf<'tie-out'>) {
  const first = writeSheetTitle(
    sheet,
    page.title,
    [`${document.organization} · ${document.periodLabel}`],
    document.colour,
  );
  writeHeaderRow(sheet, first, ['Line', 'Ledger', 'Trial balance', 'Difference'], document.colour);
  const amount = figureFormat('amount', { thousands: false, brackets: false });
  page.rows.forEach((entry, index) => {
    const at = first + 1 + index;
    const row = sheet.getRow(at);
    row.getCell(1).value = entry.label;
    row.getCell(2).value = entry.ledger;
    row.getCell(3).value = entry.trialBalance;
    // The difference as the formula it is, when that gives the figure shown to the cent.
    const computed = Math.round(entry.ledger * 100) - Math.round(entry.trialBalance * 100);
    row.getCell(4).value =
      computed === Math.round(entry.difference * 100)
        ? formulaCell(`B${at}-C${at}`, entry.difference)
        : entry.difference;
    for (let column = 2; column <= 4; column++) row.getCell(column).numFmt = amount;
  });
  const after = first + page.rows.length + 2;
  const verdict = sheet.getCell(after, 1);
  verdict.value = tieOutVerdict(page);
  verdict.font = { bold: true, color: { argb: argb(page.balanced ? GOOD_NEWS : BAD_NEWS) } };
  sheet.getCell(after + 1, 1).value = signOffLine(page);
  sheet.getColumn(1).width = 34;
  for (let column = 2; column <= 4; column++) sheet.getColumn(column).width = 16;
  sheet.views = [{ state: 'frozen', ySplit: first }];
}
