import { visibleRows } from '@finboard/shared/report-format';
import {
  DEFAULT_PACK_COLOUR,
  PACK_CHART_LABELS,
  PACK_PAGE_KIND_LABELS,
  type PackDocument,
  type PackDocumentPage,
  type PackKpi,
  type PackPage,
  type PackRange,
} from '@finboard/shared/report-packs';
import {
  DEFAULT_COMPARISONS,
  DEFAULT_OVERVIEW_CARDS,
  KPI_CATALOG,
  kpisQuerySchema,
  REPORT_TEMPLATE_LABELS,
  reportQuerySchema,
  type Kpi,
  type Kpis,
  type Report,
  type ReportQuery,
} from '@finboard/shared/reports';
import type { ReportsService } from '../reports/reports.service.ts';
import { blocksOf, resolvedText, type FigureBook } from './commentary.ts';
import type { TieOutReader, TieOutTotals } from './tie-out.repository.ts';

/** What the assembler is told about the pack beyond its pages. */
export interface PackSubject {
  organizationId: string;
  organizationName: string;
  /** The organization's logo as a PNG data URL. */
  logo: string | null;
  title: string;
  colour: string | null;
  pages: readonly PackPage[];
  period: string;
  /** Who prepared it (the user generating, or the pack's last editor for a scheduled send). */
  preparedBy: string;
  /** The period's commentary (placeholders unresolved) and tie-out sign-off. */
  commentary: string;
  signedOff: { by: string; at: string } | null;
}

export interface PackAssemblerDeps {
  reports: Pick<ReportsService, 'report' | 'kpis'>;
  /** A consolidated statement of a group the organization is the parent of (a page with `groupId`). */
  groupReport?: (organizationId: string, groupId: string, template: string, query: ReportQuery) => Promise<Report>;
  tieOut: TieOutReader;
  /** Today, for "prepared on" (tests fix it). */
  now?: () => Date;
}

/** `2026-10` → `2026-07` for a shift of −3. */
export function shiftPeriod(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const index = year * 12 + month - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "October 2026". */
export const periodLabel = (period: string) => monthName.format(new Date(`${period}-01T00:00:00Z`));
const lastDayOf = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0));
};

/** The statements API's range for a page's range ending with the period; yearToDate leaves `from` to the fiscal year. */
export function rangeQuery(range: PackRange, period: string): { from?: string; to: string } {
  switch (range) {
    case 'month':
      return { from: period, to: period };
    case 'quarter':
      return { from: shiftPeriod(period, -2), to: period };
    case 'last12Months':
      return { from: shiftPeriod(period, -11), to: period };
    case 'yearToDate':
      return { to: period };
  }
}

/** The figures a commentary reads for a period: its Profit & Loss against every comparison, and its KPIs. */
export async function packFigures(
  reports: Pick<ReportsService, 'report' | 'kpis'>,
  organizationId: string,
  period: string,
): Promise<FigureBook> {
  const query = { from: period, to: period };
  return {
    profitAndLoss: await reports.report(
      organizationId,
      'profit-and-loss',
      reportQuerySchema.parse({ ...query, compare: 'previousPeriod,priorYear,budget' }),
    ),
    kpis: (await reports.kpis(organizationId, kpisQuerySchema.parse(query))).kpis,
  };
}

/** Every page's orientation unless it says: statements with many columns lie on their side. */
const orientationOf = (page: PackPage, columns = 0) =>
  page.options?.orientation ?? (columns > 7 ? 'landscape' : 'portrait');

/**
 * Assembles a pack for a period (issue 27): every figure read from the same statement functions as the
 * screen (the reports service), the commentary's placeholders resolved, the tie-out read. What the preview
 * shows and the PDF and workbook render; the statement pages carry the query their figures answer, so a test
 * can compare them with the API.
 */
export function createPackAssembler(deps: PackAssemblerDeps) {
  const { reports, tieOut, groupReport } = deps;
  const now = deps.now ?? (() => new Date());

  return async function assemble(subject: PackSubject): Promise<PackDocument> {
    const { organizationId, period } = subject;
    // Reads shared by pages: each once per pack.
    const cache = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>) => {
      if (!cache.has(key)) cache.set(key, read());
      return cache.get(key) as Promise<T>;
    };
    // The statements API's own query schema: a page's figures are those the API answers for the same query.
    const report = (template: Report['template'], query: ReportQuery) =>
      once(`report:${template}:${JSON.stringify(query)}`, () =>
        reports.report(organizationId, template, reportQuerySchema.parse(query)),
      );
    const consolidated = (groupId: string, template: Report['template'], query: ReportQuery) => {
      if (!groupReport) throw new Error('consolidated pages need the consolidation module');
      return once(`group:${groupId}:${template}:${JSON.stringify(query)}`, () =>
        groupReport(organizationId, groupId, template, query),
      );
    };
    const monthKpis = (month: string): Promise<Kpis> =>
      once(`kpis:${month}`, () => reports.kpis(organizationId, kpisQuerySchema.parse({ from: month, to: month })));
    const figureBook = async (): Promise<FigureBook> => ({
      profitAndLoss: await report('profit-and-loss', {
        from: period,
        to: period,
        compare: 'previousPeriod,priorYear,budget',
      }),
      kpis: (await monthKpis(period)).kpis,
    });
    const months = Array.from({ length: 12 }, (_, index) => shiftPeriod(period, index - 11));

    const build = async (page: PackPage): Promise<PackDocumentPage> => {
      const options = page.options ?? {};
      const base = { id: page.id, title: options.title ?? PACK_PAGE_KIND_LABELS[page.kind] };
      switch (page.kind) {
        case 'cover':
          return {
            ...base,
            kind: 'cover',
            title: options.title ?? subject.title,
            orientation: orientationOf(page),
            subtitle: `${subject.organizationName} · ${periodLabel(period)}`,
            preparedBy: subject.preparedBy,
            preparedOn: longDate.format(now()),
          };
        case 'contents':
          return { ...base, kind: 'contents', orientation: orientationOf(page), entries: [] };
        case 'statement': {
          const template = page.template!;
          const range = rangeQuery(options.range ?? 'month', period);
          const compare = (options.compare ?? DEFAULT_COMPARISONS).join(',') || 'none';
          const slice = {
            ...(options.entity && { entity: options.entity }),
            ...(options.department && { department: options.department }),
          };
          const answer = options.groupId
            ? await consolidated(options.groupId, template, { ...range, compare })
            : await report(template, { ...range, compare, ...slice });
          const display = { thousands: options.thousands ?? false, brackets: options.brackets ?? false };
          const sections = answer.sections.map((section) => ({
            ...section,
            rows: visibleRows(section.rows, { hideZeroRows: options.hideZeroRows ?? false }),
          }));
          const columns = Math.max(0, ...sections.map((section) => section.columns.length));
          return {
            ...base,
            kind: 'statement',
            title: options.title ?? `${REPORT_TEMPLATE_LABELS[template]}${options.groupId ? ' (consolidated)' : ''}`,
            orientation: orientationOf(page, columns),
            template,
            scope:
              template === 'balance-sheet'
                ? `As of ${longDate.format(lastDayOf(answer.to))}`
                : answer.from === answer.to
                  ? periodLabel(answer.to)
                  : `${periodLabel(answer.from)} to ${periodLabel(answer.to)}`,
            units: display.thousands ? `${answer.currency} thousands` : answer.currency,
            ...display,
            query: { from: answer.from, to: answer.to, compare, ...slice },
            sections,
          };
        }
        case 'kpis': {
          const keys = options.kpis ?? DEFAULT_OVERVIEW_CARDS;
          const series = await Promise.all(months.map((month) => monthKpis(month)));
          const current = series.at(-1)!.kpis;
          const kpis = keys.map((key): PackKpi => {
            const kpi = current.find((candidate) => candidate.key === key);
            return {
              key,
              label: KPI_CATALOG[key].label,
              unit: KPI_CATALOG[key].unit,
              value: kpi?.value ?? null,
              previous: kpi?.previous ?? null,
              priorYear: kpi?.priorYear ?? null,
              change: kpi?.change ?? null,
              priorYearChange: kpi ? changeOf(kpi, kpi.priorYear) : null,
              changeKind: kpi?.changeKind ?? 'percent',
              higherIsBetter: KPI_CATALOG[key].higherIsBetter,
              spark: series.map((month) => month.kpis.find((candidate) => candidate.key === key)?.value ?? null),
            };
          });
          return { ...base, kind: 'kpis', orientation: orientationOf(page), periods: months, kpis };
        }
        case 'commentary': {
          const text = subject.commentary.trim() === '' ? '*No commentary for this period.*' : subject.commentary;
          const book = await figureBook();
          return {
            ...base,
            kind: 'commentary',
            orientation: orientationOf(page),
            blocks: blocksOf(resolvedText(text, book)),
          };
        }
        case 'notes': {
          const text = options.text ?? '';
          const blocks = text.includes('{{') ? blocksOf(resolvedText(text, await figureBook())) : blocksOf(text);
          return { ...base, kind: 'notes', orientation: orientationOf(page), blocks };
        }
        case 'chart':
          return chartPage(base, page, options.chart ?? 'revenue-and-net-income');
        case 'tie-out': {
          const totals = await tieOut.totals(organizationId, period);
          return {
            ...base,
            kind: 'tie-out',
            orientation: orientationOf(page),
            ...tieOutRows(totals),
            signedOff: subject.signedOff,
          };
        }
      }
    };

    async function chartPage(
      base: { id: string; title: string },
      page: PackPage,
      chart: NonNullable<PackPage['options']>['chart'] & string,
    ): Promise<PackDocumentPage> {
      const title = page.options?.title ?? PACK_CHART_LABELS[chart];
      const categories = months.map((month) => monthName.format(new Date(`${month}-01T00:00:00Z`)));
      if (chart === 'cash') {
        const series = await Promise.all(months.map((month) => monthKpis(month)));
        const values = series.map((month) => month.kpis.find((kpi) => kpi.key === 'cash')?.value ?? null);
        return {
          ...base,
          title,
          kind: 'chart',
          orientation: orientationOf(page),
          chart,
          categories,
          series: [{ label: 'Cash', type: 'bar', values }],
        };
      }
      const answer = await report('profit-and-loss', { from: months[0], to: period, compare: 'none' });
      const pick = (key: string) =>
        months.map(
          (month) => answer.series.find((s) => s.key === key)?.points.find((p) => p.x === month)?.value ?? null,
        );
      const series: { label: string; type: 'bar' | 'line'; values: (number | null)[] }[] =
        chart === 'expenses'
          ? [{ label: 'Expenses', type: 'bar', values: pick('expenses') }]
          : [
              { label: 'Revenue', type: 'bar', values: pick('revenue') },
              { label: 'Net income', type: 'line', values: pick('netIncome') },
            ];
      return { ...base, title, kind: 'chart', orientation: orientationOf(page), chart, categories, series };
    }

    const pages = await Promise.all(subject.pages.map(build));
    return {
      title: subject.title,
      organization: subject.organizationName,
      logo: subject.logo,
      colour: subject.colour ?? DEFAULT_PACK_COLOUR,
      period,
      periodLabel: periodLabel(period),
      currency: pages.length > 0 ? await currencyOf() : 'USD',
      pages: withContents(pages),
    };

    async function currencyOf() {
      return (await monthKpis(period)).currency;
    }
  };
}

/** The pages with each contents page listing every page but the cover and the contents (the PDF prints the page each lands on). */
export function withContents(pages: readonly PackDocumentPage[]): PackDocumentPage[] {
  const entries = pages
    .map((entry, index) => ({ id: entry.id, title: entry.title, page: index + 1, kind: entry.kind }))
    .filter((entry) => entry.kind !== 'cover' && entry.kind !== 'contents')
    .map(({ id, title, page }) => ({ id, title, page }));
  return pages.map((page) => (page.kind === 'contents' ? { ...page, entries } : page));
}

/** A KPI's change against an earlier figure, as its change kind says (points for percentages). */
function changeOf(kpi: Kpi, then: number | null): number | null {
  if (kpi.value === null || then === null) return null;
  if (kpi.changeKind === 'points') return Math.round((kpi.value - then) * 100) / 100;
  if (then === 0) return null;
  return Math.round(((kpi.value - then) / Math.abs(then)) * 10_000) / 100;
}

/** The tie-out's rows in money, and whether it ties: ledger and trial balance agree and debits equal credits. */
export function tieOutRows(totals: TieOutTotals) {
  const money = (cents: number) => Math.round(cents) / 100;
  const row = (label: string, pick: (side: TieOutTotals['ledger']) => number) => {
    const ledger = money(pick(totals.ledger));
    const trialBalance = money(pick(totals.trialBalance));
    return { label, ledger, trialBalance, difference: Math.round((ledger - trialBalance) * 100) / 100 };
  };
  const rows = [
    row('Debits in the period', (side) => side.periodDebit),
    row('Credits in the period', (side) => side.periodCredit),
    row('Debits to date', (side) => side.toDateDebit),
    row('Credits to date', (side) => side.toDateCredit),
    row('Debits less credits to date', (side) => side.toDateDebit - side.toDateCredit),
  ];
  const balanced = rows.every((entry) => entry.difference === 0) && rows.at(-1)!.trialBalance === 0;
  return { rows, balanced };
}
