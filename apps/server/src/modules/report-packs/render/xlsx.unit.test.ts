import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PackDocument, PackDocumentPage } from '@finboard/shared/report-packs';
import type { ReportRow } from '@finboard/shared/reports';
import { longStatementDocument, samplePackDocument, statementPage } from './sample-documents.ts';
import { renderPackWorkbook } from './xlsx.ts';

type StatementPage = Extract<PackDocumentPage, { kind: 'statement' }>;

async function readBack(document: PackDocument) {
  const rendered = await renderPackWorkbook(document);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(rendered.bytes as unknown as ArrayBuffer);
  return { rendered, workbook };
}

const statements = (document: PackDocument) =>
  document.pages.filter((page): page is StatementPage => page.kind === 'statement');

/** The sheet's row of each statement row, found by label in order below the header. */
function rowsOf(sheet: ExcelJS.Worksheet, page: StatementPage) {
  const found: { row: ReportRow; line: ExcelJS.Row; columns: string[] }[] = [];
  let at = 1;
  for (const section of page.sections)
    for (const row of section.rows) {
      while (at <= sheet.rowCount && sheet.getCell(at, 1).value !== row.label) at++;
      expect(at, `${page.title}: ${row.label}`).toBeLessThanOrEqual(sheet.rowCount);
      found.push({ row, line: sheet.getRow(at), columns: section.columns.map((column) => column.key) });
      at++;
    }
  return found;
}

const isFormula = (value: ExcelJS.CellValue): value is ExcelJS.CellFormulaValue =>
  typeof value === 'object' && value !== null && 'formula' in value;

/** Evaluates our formulas (SUM of ranges and cells, cells added and subtracted) from the sheet's own cells. */
function evaluate(sheet: ExcelJS.Worksheet, formula: string): number {
  const valueAt = (address: string): number => {
    const value = sheet.getCell(address).value;
    if (value === null || value === undefined) return 0;
    if (typeof value === 'number') return value;
    if (isFormula(value)) return evaluate(sheet, value.formula);
    throw new Error(`${address} holds no number: ${JSON.stringify(value)}`);
  };
  const argument = (text: string) => {
    const [from, to] = text.split(':');
    if (!to) return valueAt(from!);
    const column = from!.replace(/\d+/, '');
    let sum = 0;
    for (let row = Number(from!.slice(column.length)); row <= Number(to.slice(column.length)); row++)
      sum += valueAt(`${column}${row}`);
    return sum;
  };
  return formula
    .split(/(?=[+-])/)
    .map((term) => {
      const sign = term.startsWith('-') ? -1 : 1;
      const body = term.replace(/^[+-]/, '');
      const sum = /^SUM\((.*)\)$/.exec(body);
      return sign * (sum ? sum[1]!.split(',').reduce((total, part) => total + argument(part), 0) : argument(body));
    })
    .reduce((total, value) => total + value, 0);
}

const cents = (value: number) => Math.round(value * 100);

describe('renderPackWorkbook', () => {
  it('writes a contents sheet, a sheet per statement, a KPIs and a Tie-out sheet, and counts them', async () => {
    const { rendered, workbook } = await readBack(samplePackDocument());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Contents',
      'Profit & Loss',
      'Balance Sheet',
      'KPIs',
      'Tie-out',
    ]);
    expect(rendered.sheets).toBe(5);
  });

  it('writes every figure as a number equal to the statement, in the format the PDF shows', async () => {
    const document = samplePackDocument();
    const { workbook } = await readBack(document);
    let compared = 0;
    for (const page of statements(document)) {
      const sheet = workbook.getWorksheet(page.title)!;
      for (const { row, line, columns } of rowsOf(sheet, page))
        columns.forEach((key, offset) => {
          const cell = line.getCell(offset + 2);
          const value = row.values[key] ?? null;
          if (row.kind === 'heading' || value === null) return expect(cell.value).toBeNull();
          const stored = isFormula(cell.value) ? cell.value.result : cell.value;
          expect(typeof stored, `${row.label} ${key}`).toBe('number');
          expect(cents(stored as number)).toBe(cents(value));
          compared++;
        });
    }
    expect(compared).toBeGreaterThan(200);

    const profitAndLoss = workbook.getWorksheet('Profit & Loss')!;
    const find = (sheet: ExcelJS.Worksheet, label: string) =>
      sheet.getRows(1, sheet.rowCount)!.find((row) => row.getCell(1).value === label)!;
    const account = find(profitAndLoss, '4000 Product sales 0');
    expect(account.getCell(2).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(account.getCell(5).numFmt).toBe('#,##0.00"%";-#,##0.00"%"');
    // A margin among amounts: its own format wins over the column's.
    expect(find(profitAndLoss, 'Gross margin %').getCell(2).numFmt).toBe('#,##0.00"%";-#,##0.00"%"');
    const balanceSheet = workbook.getWorksheet('Balance Sheet')!;
    expect(find(balanceSheet, 'Cash').getCell(2).numFmt).toBe('#,##0.00;(#,##0.00)');
  });

  it('keeps figures shown in thousands as units, the format dividing them', async () => {
    const base = samplePackDocument();
    const page = statements(base)[0]!;
    const document = { ...base, pages: [statementPage('k', 'In thousands', page.sections, { thousands: true })] };
    const { workbook } = await readBack(document);
    const sheet = workbook.getWorksheet('In thousands')!;
    const line = rowsOf(sheet, document.pages[0] as StatementPage).find(({ row }) => row.kind === 'line')!;
    expect(line.line.getCell(2).value).toBe(line.row.values['2026-10']);
    expect(line.line.getCell(2).numFmt).toBe('#,##0,;-#,##0,');
  });

  it('freezes the header rows of every sheet of figures', async () => {
    const { workbook } = await readBack(samplePackDocument());
    for (const name of ['Profit & Loss', 'Balance Sheet', 'KPIs', 'Tie-out']) {
      const [view] = workbook.getWorksheet(name)!.views;
      expect(view, name).toMatchObject({ state: 'frozen' });
      const header = (view as ExcelJS.WorksheetViewFrozen).ySplit!;
      expect(workbook.getWorksheet(name)!.getCell(header, 1).fill).toMatchObject({ pattern: 'solid' });
    }
    expect(workbook.getWorksheet('Profit & Loss')!.views[0]).toMatchObject({ ySplit: 5, xSplit: 1 });
  });

  it('writes subtotals and totals as formulas that evaluate, from the sheet, to the figures shown', async () => {
    const document = samplePackDocument();
    const { workbook } = await readBack(document);
    let formulas = 0;
    for (const page of statements(document)) {
      const sheet = workbook.getWorksheet(page.title)!;
      for (const { row, line, columns } of rowsOf(sheet, page)) {
        if (row.kind !== 'subtotal' && row.kind !== 'total') continue;
        columns.forEach((key, offset) => {
          const cell = line.getCell(offset + 2);
          const value = row.values[key]!;
          if (key === 'vsPriorYearPct' || value === 0) return expect(isFormula(cell.value)).toBe(false);
          expect(isFormula(cell.value), `${row.label} ${key}`).toBe(true);
          const formula = cell.value as ExcelJS.CellFormulaValue;
          expect(formula.result).toBe(value);
          expect(cents(evaluate(sheet, formula.formula)), `${row.label} ${key}: ${formula.formula}`).toBe(cents(value));
          formulas++;
        });
      }
    }
    expect(formulas).toBeGreaterThan(60);
    const profitAndLoss = workbook.getWorksheet('Profit & Loss')!;
    const grossProfit = profitAndLoss
      .getRows(1, profitAndLoss.rowCount)!
      .find((row) => row.getCell(1).value === 'Gross profit')!;
    expect((grossProfit.getCell(2).value as ExcelJS.CellFormulaValue).formula).toMatch(/^B\d+-B\d+$/);
  });

  it('writes a total that its rows do not add up to as a plain number', async () => {
    const base = samplePackDocument();
    const page = statements(base)[0]!;
    const rows = page.sections[0]!.rows.map((row) =>
      row.label === 'Total revenue'
        ? { ...row, values: { ...row.values, '2026-10': row.values['2026-10']! + 0.01 } }
        : row,
    );
    const document = { ...base, pages: [{ ...page, sections: [{ ...page.sections[0]!, rows }] }] };
    const { workbook } = await readBack(document);
    const sheet = workbook.getWorksheet(page.title)!;
    const total = sheet.getRows(1, sheet.rowCount)!.find((row) => row.getCell(1).value === 'Total revenue')!;
    for (let column = 2; column <= 4; column++) expect(typeof total.getCell(column).value).toBe('number');
    expect(total.getCell(2).value).toBe(rows.find((row) => row.label === 'Total revenue')!.values['2026-10']);
  });

  it('sums a 3,000-row statement with one range and keeps every row', async () => {
    const document = longStatementDocument(3000);
    const { workbook } = await readBack(document);
    const sheet = workbook.getWorksheet('General ledger accounts')!;
    const rows = rowsOf(sheet, document.pages[0] as StatementPage);
    expect(rows).toHaveLength(3002);
    const total = rows.at(-1)!.line.getCell(2).value as ExcelJS.CellFormulaValue;
    expect(total.formula).toBe(`SUM(B${rows[1]!.line.number}:B${rows.at(-2)!.line.number})`);
    expect(cents(evaluate(sheet, total.formula))).toBe(cents(total.result as number));
  });

  it('writes the KPIs as numbers in their units, changes signed as the PDF shows them', async () => {
    const { workbook } = await readBack(samplePackDocument());
    const sheet = workbook.getWorksheet('KPIs')!;
    const row = (label: string) =>
      sheet.getRows(1, sheet.rowCount)!.find((candidate) => candidate.getCell(1).value === label)!;
    const revenue = row('Revenue');
    expect(revenue.getCell(2).value).toBe(126_380.64);
    expect(revenue.getCell(2).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(revenue.getCell(5).value).toBe(6.92);
    expect(revenue.getCell(5).numFmt).toBe('+#,##0.00"%";"−"#,##0.00"%";0.00"%"');
    expect(revenue.getCell(9).value).toBeNull(); // a month without a figure stays blank
    const margin = row('Gross margin');
    expect(margin.getCell(2).numFmt).toBe('#,##0.00"%";-#,##0.00"%"');
    expect(margin.getCell(5).numFmt).toBe('+#,##0.00" pp";"−"#,##0.00" pp";0.00" pp"');
    expect(row('Days sales outstanding (DSO)').getCell(2).numFmt).toBe('#,##0.00" days";-#,##0.00" days"');
    expect(sheet.getRow(4).getCell(18).value).toBe('Oct 2026');
  });

  it('writes the tie-out with its differences as formulas, its verdict and its sign-off', async () => {
    const base = samplePackDocument();
    const { workbook } = await readBack(base);
    const sheet = workbook.getWorksheet('Tie-out')!;
    expect(sheet.getCell('D6').value).toEqual({ formula: 'B6-C6', result: 12 });
    expect(sheet.getCell('A9').value).toBe('Difference of 12.00');
    expect(sheet.getCell('A10').value).toBe('Not signed off');

    const signed = {
      ...base,
      pages: base.pages.map((page) =>
        page.kind === 'tie-out'
          ? {
              ...page,
              rows: page.rows.map((row) => ({ ...row, trialBalance: row.ledger, difference: 0 })),
              balanced: true,
              signedOff: { by: 'Ann Lee', at: '2026-11-03T09:30:00.000Z' },
            }
          : page,
      ),
    };
    const again = (await readBack(signed)).workbook.getWorksheet('Tie-out')!;
    expect(again.getCell('A9').value).toBe('Balanced');
    expect(again.getCell('A10').value).toBe('Signed off by Ann Lee on 3 November 2026');
  });

  it('names sheets validly and uniquely whatever the page titles', async () => {
    const base = samplePackDocument();
    const page = statements(base)[0]!;
    const titles = [
      'Contents',
      'KPIs',
      'P&L: actual/budget [draft]?',
      'A very long statement title that goes on',
      'A very long statement title that goes on',
    ];
    const document = {
      ...base,
      pages: [
        ...titles.map((title, index) => ({ ...page, id: `s${index}`, title })),
        ...base.pages.filter((entry) => entry.kind === 'kpis'),
      ],
    };
    const { rendered, workbook } = await readBack(document);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toEqual([
      'Contents',
      'Contents (2)',
      'KPIs',
      'P&L actual budget draft',
      'A very long statement title tha',
      'A very long statement title (2)',
      'KPIs (2)',
    ]);
    expect(rendered.sheets).toBe(names.length);
  });
});
