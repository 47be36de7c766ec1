import { describe, expect, it } from 'vitest';
import { formatValue } from '@finboard/shared/report-format';
import type { PackDocument, PackDocumentPage } from '@finboard/shared/report-packs';
import type { ReportColumn, ReportSection } from '@finboard/shared/reports';
import { pdfPages, pdfText } from '../../../../test/pdf-text.ts';
import { renderPackPdf } from './pdf.ts';
import { longStatementDocument, profitAndLossSection, samplePackDocument, statementPage } from './sample-documents.ts';

type StatementPage = Extract<PackDocumentPage, { kind: 'statement' }>;

/** Each page's size as written in the file, in order: [width, height] in points. */
const mediaBoxes = (bytes: Buffer) =>
  [...bytes.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);

/** Asserts every figured row of the statement is one line of text: its label, then its figures in column order. */
function expectStatementLines(text: string, page: StatementPage) {
  const lines = text.split('\n');
  const display = { thousands: page.thousands, brackets: page.brackets };
  let compared = 0;
  // Rows come in order: each is looked for after the last one found.
  let from = 0;
  for (const section of page.sections)
    for (const row of section.rows) {
      const figures = section.columns.flatMap((column) =>
        row.values[column.key] === null || row.values[column.key] === undefined
          ? []
          : [formatValue(row.values[column.key], row.format ?? column.kind, display)],
      );
      if (row.kind === 'heading' || figures.length === 0) continue;
      const index = lines.findIndex(
        (candidate, at) =>
          at >= from && candidate.includes(row.label) && figures.every((figure) => candidate.includes(figure)),
      );
      expect(index, `${page.title}: ${row.label} ${figures.join(' ')}`).toBeGreaterThanOrEqual(0);
      const line = lines[index];
      from = index + 1;
      let at = line!.indexOf(row.label) + row.label.length;
      for (const figure of figures) {
        const found = line!.indexOf(figure, at);
        expect(found, `${row.label}: ${figure} after ${at} in "${line}"`).toBeGreaterThanOrEqual(at);
        at = found + figure.length;
      }
      compared += figures.length;
    }
  return compared;
}

describe('renderPackPdf', () => {
  const document = samplePackDocument();
  const rendering = renderPackPdf(document);

  it('lays every pack page on A4 in its own orientation and counts the pages it wrote', async () => {
    const { bytes, pages } = await rendering;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const boxes = mediaBoxes(bytes);
    expect(pages).toBe(boxes.length);
    expect(pages).toBe((await pdfPages(bytes)).length);
    const landscape = boxes.map(([width, height]) => width! > height!);
    expect(new Set(boxes.map(([width, height]) => [width, height].sort().join('x')))).toEqual(
      new Set(['595.28x841.89']),
    );
    // Cover, contents and the profit & loss are portrait; the balance sheet lies on its side, as the chart does.
    expect(landscape.slice(0, 3)).toEqual([false, false, false]);
    const pageTexts = await pdfPages(bytes);
    const balanceSheet = pageTexts.findIndex((text) => text.includes('Balance Sheet') && text.includes('Total assets'));
    const chart = pageTexts.findIndex((text) => text.includes('Revenue and net income') && text.includes('Net income'));
    expect(landscape[balanceSheet]).toBe(true);
    expect(landscape[chart]).toBe(true);
    expect(landscape[pageTexts.findIndex((text) => text.includes('Tie-out') && text.includes('Trial balance'))]).toBe(
      false,
    );
  });

  it('turns the page for a landscape page after a statement that fills its last page to the bottom', async () => {
    // Statements of 40 to 60 rows end at every height of their page, the bottom included.
    for (let rows = 40; rows <= 60; rows++) {
      const statement = longStatementDocument(rows).pages[0]!;
      const notes: PackDocumentPage = { id: 'n', kind: 'notes', title: 'Notes', orientation: 'landscape', blocks: [] };
      const { bytes } = await renderPackPdf({ ...document, pages: [statement, notes] });
      const [width, height] = mediaBoxes(bytes).at(-1)!;
      expect(width! > height!, `after ${rows} rows`).toBe(true);
    }
  });

  it('embeds its fonts', async () => {
    const text = (await rendering).bytes.toString('latin1');
    expect(text).toMatch(/\/FontFile2 /);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto-Regular/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto-Medium/);
  });

  it('prints every figure of every statement as the statements format it, a row to a line', async () => {
    const text = await pdfText((await rendering).bytes);
    const compared = document.pages
      .filter((page): page is StatementPage => page.kind === 'statement')
      .reduce((sum, page) => sum + expectStatementLines(text, page), 0);
    expect(compared).toBeGreaterThan(150);
    // The balance sheet shows negatives in brackets.
    expect(text).toMatch(/Accumulated depreciation\s+\([\d,]+\.\d\d\)/);
  });

  it('puts "Page N of M" with the organization and period at the foot of every page', async () => {
    const { bytes, pages } = await rendering;
    const texts = await pdfPages(bytes);
    texts.forEach((text, index) => {
      expect(text).toMatch(new RegExp(`Acme Trading Ltd · October 2026\\s+Page ${index + 1} of ${pages}\\s*$`));
    });
  });

  it('shows the cover, the contents, the KPIs, the commentary, the chart, the notes and the tie-out', async () => {
    const all = await pdfPages((await rendering).bytes);
    const [cover, contents, ...rest] = all;
    /** The PDF page (from 1) whose heading is `title`. */
    const pageOf = (title: string) => all.findIndex((text) => text.trimStart().startsWith(title)) + 1;
    expect(cover).toContain('Monthly management pack');
    expect(cover).toContain('Acme Trading Ltd · October 2026');
    expect(cover).toContain('Prepared by Ann Lee on 3 November 2026');
    // Each entry with the page its heading landed on: statements running onto several pages move the rest on.
    expect(pageOf('Tie-out')).toBeGreaterThan(9);
    expect(contents).toMatch(new RegExp(`Profit & Loss\\s+${pageOf('Profit & Loss')}\\n`));
    expect(contents).toMatch(new RegExp(`Tie-out\\s+${pageOf('Tie-out')}\\n`));
    const text = rest.join('\n');
    expect(text).toMatch(/Revenue\s+126,380\.64\s+\+6\.92%\s+\+25\.13%/);
    expect(text).toMatch(/Gross margin\s+41\.50%\s+−3\.25 pp\s+—/);
    expect(text).toMatch(/Days sales outstanding \(DSO\)\s+45\.20 days\s+−4\.03%\s+−9\.60%/);
    expect(text).toMatch(/Current ratio\s+1\.53\s+—\s+—/);
    expect(text).toContain('Revenue was 126,380.64 this month, up 6.92% on September.');
    expect(text).toContain('Services were flat.');
    expect(text).toContain('Figures are unaudited.');
    for (const month of ['November 2025', 'October 2026'])
      expect(text.replace(/\s+/g, ' ')).toMatch(month.split(' ')[0]!);
    expect(text).toMatch(/Revenue\s+Net income/);
    expect(text).toMatch(/Credits in the period\s+250,125\.50\s+250,113\.50\s+12\.00/);
    expect(text).toContain('Difference of 12.00');
    expect(text).toContain('Not signed off');
  });

  it('says a balanced tie-out is balanced and who signed it off', async () => {
    const signed: PackDocument = {
      ...document,
      pages: document.pages.map((page) =>
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
    const text = await pdfText((await renderPackPdf(signed)).bytes);
    expect(text).toContain('Balanced');
    expect(text).toContain('Signed off by Ann Lee on 3 November 2026');
    expect(text).not.toContain('Difference of');
  });

  it('runs a 3,000-row statement onto as many pages as it needs, its header on each, every row printed', async () => {
    const long = longStatementDocument(3000);
    const { bytes, pages } = await renderPackPdf(long);
    const texts = await pdfPages(bytes);
    expect(pages).toBe(texts.length);
    expect(pages).toBeGreaterThan(40);
    for (const text of texts)
      expect(text).toMatch(/Profit & Loss\s+Oct 2026\s+Prior year\s+vs Prior year\s+vs Prior year %/);
    const all = texts.join('\n');
    expect(new Set(all.match(/Account \d{4}/g)).size).toBe(3000);
    expect(expectStatementLines(all, long.pages[0] as StatementPage)).toBe(3001 * 4);
  });

  /** The sample's profit and loss spread over `count` columns, each month's figures `growth` times the last's. */
  function wideStatement(count: number, growth: (index: number) => number): StatementPage {
    const columns: ReportColumn[] = Array.from({ length: count }, (_, index) => ({
      key: `m${index}`,
      label: index === count - 1 ? 'Total' : `Month ${index + 1}`,
      kind: 'amount',
    }));
    const source = profitAndLossSection(2);
    const section: ReportSection = {
      ...source,
      columns,
      rows: source.rows.map((row) => ({
        ...row,
        values: Object.fromEntries(
          columns.map((column, index) => [
            column.key,
            row.kind === 'heading' ? null : Math.round((row.values['2026-10'] ?? 0) * growth(index) * 100) / 100,
          ]),
        ),
      })),
    };
    return statementPage('wide', 'Months and more', [section], { orientation: 'landscape' });
  }

  it('fits a sixteen-column statement on a landscape page, each row whole on its line', async () => {
    const page = wideStatement(16, (index) => 1 + index / 20);
    const text = await pdfText((await renderPackPdf({ ...document, pages: [page] })).bytes);
    expect(expectStatementLines(text, page)).toBeGreaterThan(400);
  });

  it('never splits a figure, even where a statement is too wide for its labels to stay on one line', async () => {
    const page = wideStatement(20, (index) => index + 1);
    const text = await pdfText((await renderPackPdf({ ...document, pages: [page] })).bytes);
    for (const row of page.sections[0]!.rows)
      for (const value of Object.values(row.values))
        if (value !== null) expect(text).toContain(formatValue(value, row.format ?? 'amount'));
  });

  it('refuses a logo that is not an image data URL rather than read a path or fetch a URL', async () => {
    await expect(renderPackPdf({ ...document, logo: '/etc/passwd' })).rejects.toThrow('PNG or JPEG data URL');
    await expect(renderPackPdf({ ...document, logo: 'https://example.com/logo.png' })).rejects.toThrow(
      'PNG or JPEG data URL',
    );
  });
});
