import type { Content, CustomTableLayout } from 'pdfmake';
import { formatKpi, formatKpiChange, formatValue } from '@finboard/shared/report-format';
import type { PackDocument, PackDocumentPage, PackKpi, PackTextBlock } from '@finboard/shared/report-packs';
import { BAD_NEWS, GOOD_NEWS, HAIRLINE, isGoodNews, MUTED_TEXT, textColourOn } from './pack-theme.ts';
import { chartContent, sparkline } from './pdf-chart.ts';
import { statementTables } from './pdf-statement.ts';
import { contentWidth } from './pdf-style.ts';
import { signOffLine, tieOutVerdict } from './tie-out-summary.ts';

type PageOf<Kind extends PackDocumentPage['kind']> = Extract<PackDocumentPage, { kind: Kind }>;

/** The name of the logo in the document's image dictionary. */
export const LOGO_IMAGE = 'logo';

/**
 * What one page of the pack holds, from its heading on; it may run onto further PDF pages. Its content never ends
 * with a bottom margin: pdfmake moves a bottom margin that does not fit onto a new, empty page, and the next
 * section would take that page as it is, in this page's orientation rather than its own.
 */
export function pageContent(document: PackDocument, page: PackDocumentPage): Content[] {
  if (page.kind === 'cover') return coverContent(document, page);
  return [pageHeading(document, page), ...pageBody(document, page)];
}

function pageBody(document: PackDocument, page: PackDocumentPage): Content[] {
  switch (page.kind) {
    case 'cover':
      return [];
    case 'contents':
      return [contentsTable(page)];
    case 'statement':
      return [
        { text: `${page.scope} · ${page.units}`, style: 'muted', margin: [0, 0, 0, 8] },
        ...statementTables(page, document.colour),
      ];
    case 'kpis':
      return [kpiTable(page, document.colour)];
    case 'commentary':
    case 'notes':
      return textBlocks(page.blocks);
    case 'chart':
      return [chartContent(page, document.colour, document.currency, contentWidth(page.orientation))];
    case 'tie-out':
      return tieOutContent(page, document.colour);
  }
}

/** The name a page's heading carries in the PDF, for the contents to print its page number. */
const anchorOf = (pageId: string) => `pack-page-${pageId}`;

/** The page's title in the organization's colour over a rule, with the logo on the right. */
function pageHeading(document: PackDocument, page: PackDocumentPage): Content {
  const width = contentWidth(page.orientation);
  const title: Content = {
    width: '*',
    stack: [
      { text: page.title, style: 'pageTitle', id: anchorOf(page.id) },
      { text: `${document.organization} · ${document.periodLabel}`, style: 'pageSubtitle' },
    ],
  };
  const logo: Content[] = document.logo ? [{ width: 'auto', image: LOGO_IMAGE, fit: [96, 32] }] : [];
  return {
    stack: [
      { columns: [title, ...logo] },
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 1.5, lineColor: document.colour }],
        margin: [0, 6, 0, 12],
      },
    ],
  };
}

function coverContent(document: PackDocument, page: PageOf<'cover'>): Content[] {
  const width = contentWidth(page.orientation);
  return [
    { text: '', margin: [0, page.orientation === 'landscape' ? 40 : 140, 0, 0] },
    ...(document.logo ? [{ image: LOGO_IMAGE, fit: [200, 90], margin: [0, 0, 0, 24] } satisfies Content] : []),
    { text: page.title, fontSize: 28, bold: true, color: document.colour },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 2, lineColor: document.colour }],
      margin: [0, 10, 0, 14],
    },
    { text: page.subtitle, fontSize: 14 },
    { text: document.organization, fontSize: 12, margin: [0, 4, 0, 0] },
    { text: `Prepared by ${page.preparedBy} on ${page.preparedOn}`, style: 'muted', margin: [0, 24, 0, 0] },
  ];
}

const quietRows: CustomTableLayout = {
  hLineWidth: (line, node) => (line === 0 || line === node.table.body.length ? 0 : 0.5),
  hLineColor: () => HAIRLINE,
  vLineWidth: () => 0,
  paddingTop: () => 4,
  paddingBottom: () => 4,
};

function contentsTable(page: PageOf<'contents'>): Content {
  if (page.entries.length === 0) return { text: 'No pages to list.', style: 'muted' };
  return {
    table: {
      widths: ['*', 'auto'],
      body: page.entries.map((entry): Content[] => [
        { text: entry.title, fontSize: 11 },
        // The PDF page the entry's heading lands on (a long statement takes several).
        { text: String(entry.page), pageReference: anchorOf(entry.id), fontSize: 11, alignment: 'right' },
      ]),
    },
    layout: quietRows,
  };
}

/** A colour-filled header row, its text readable on the organization's colour. */
const headerRow = (labels: string[], colour: string, rightFrom = 1): Content[] =>
  labels.map((label, index) => ({
    text: label,
    bold: true,
    fillColor: colour,
    color: textColourOn(colour),
    alignment: index >= rightFrom ? 'right' : 'left',
  }));

function kpiTable(page: PageOf<'kpis'>, colour: string): Content {
  if (page.kpis.length === 0) return { text: 'No KPIs chosen.', style: 'muted' };
  const change = (kpi: PackKpi, value: number | null): Content => ({
    text: formatKpiChange(value, kpi.changeKind) ?? '—',
    color: value === null ? MUTED_TEXT : isGoodNews(value, kpi.higherIsBetter) ? GOOD_NEWS : BAD_NEWS,
    alignment: 'right',
    noWrap: true,
  });
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 'auto', 'auto', 'auto', 96],
      body: [
        headerRow(['KPI', 'Value', 'vs previous month', 'vs prior year', 'Last 12 months'], colour),
        ...page.kpis.map((kpi): Content[] => [
          { text: kpi.label },
          { text: formatKpi(kpi.value, kpi.unit), bold: true, alignment: 'right', noWrap: true },
          change(kpi, kpi.change),
          change(kpi, kpi.priorYearChange),
          sparkline(kpi.spark, isGoodNews(kpi.change, kpi.higherIsBetter) ? GOOD_NEWS : BAD_NEWS),
        ]),
      ],
    },
    layout: { ...quietRows, paddingTop: () => 6, paddingBottom: () => 6 },
    fontSize: 10,
  };
}

/** Paragraphs and bullet lists (consecutive bullet items make one list) of plain, bold and italic runs. */
function textBlocks(blocks: PackTextBlock[]): Content[] {
  const runs = (block: PackTextBlock) =>
    block.runs.map((run) => ({ text: run.text, bold: run.bold ?? false, italics: run.italic ?? false }));
  const content: Content[] = [];
  // Space goes above a block, never below the last: see pageContent.
  const spaceAbove = (): [number, number, number, number] => [0, content.length === 0 ? 0 : 8, 0, 0];
  let bullets: Content[] = [];
  const closeList = () => {
    if (bullets.length > 0) content.push({ ul: bullets, fontSize: 10, lineHeight: 1.25, margin: spaceAbove() });
    bullets = [];
  };
  for (const block of blocks) {
    if (block.kind === 'bullet') {
      bullets.push({ text: runs(block), margin: [0, 2, 0, 0] });
      continue;
    }
    closeList();
    content.push({ text: runs(block), fontSize: 10, lineHeight: 1.25, margin: spaceAbove() });
  }
  closeList();
  return content.length > 0 ? content : [{ text: 'Nothing written for this period.', style: 'muted' }];
}

function tieOutContent(page: PageOf<'tie-out'>, colour: string): Content[] {
  const amount = (value: number, differs = false): Content => ({
    text: formatValue(value, 'amount'),
    alignment: 'right',
    noWrap: true,
    ...(differs && { color: BAD_NEWS, bold: true }),
  });
  return [
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          headerRow(['Line', 'Ledger', 'Trial balance', 'Difference'], colour),
          ...page.rows.map((row): Content[] => [
            { text: row.label },
            amount(row.ledger),
            amount(row.trialBalance),
            amount(row.difference, row.difference !== 0),
          ]),
        ],
      },
      layout: quietRows,
      fontSize: 10,
    },
    {
      text: tieOutVerdict(page),
      bold: true,
      fontSize: 12,
      color: page.balanced ? GOOD_NEWS : BAD_NEWS,
      margin: [0, 16, 0, 4],
    },
    { text: signOffLine(page), style: page.signedOff ? undefined : 'muted' },
  ];
}
