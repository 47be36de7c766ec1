import {
  CONSOLIDATED_TEMPLATES,
  isConsolidatedTemplate,
  type ConsolidatedReport,
  type ConsolidatedTemplate,
} from '@finboard/shared/consolidation';
import { REPORT_TEMPLATE_LABELS, type Report, type ReportSection } from '@finboard/shared/reports';

/** The worksheet's section key in the P&L's and the balance sheet's answer. */
export const WORKSHEET_KEY = 'worksheet';

export const STATEMENT_OPTIONS = CONSOLIDATED_TEMPLATES.map((template) => ({
  value: template,
  label: REPORT_TEMPLATE_LABELS[template],
}));

export interface StatementSelection {
  template: ConsolidatedTemplate;
  from?: string;
  to?: string;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The statement and range a group's page shows, kept in the URL (`?statement=balance-sheet&from=2026-01&to=2026-02`)
 * so a reload or a shared link opens the same figures. No range: the server's default (the parent's fiscal year to
 * date). A hand-edited bad period is dropped rather than sent to fail; a range given backwards is turned round.
 */
export function selectionFromSearch(search: URLSearchParams): StatementSelection {
  const statement = search.get('statement') ?? '';
  const period = (key: string) => {
    const value = search.get(key)?.trim();
    return value && PERIOD.test(value) ? value : undefined;
  };
  let from = period('from');
  let to = period('to');
  if (from && to && from > to) [from, to] = [to, from];
  return { template: isConsolidatedTemplate(statement) ? statement : 'profit-and-loss', from, to };
}

/** The URL's search with this selection, every other parameter kept; the default statement leaves none. */
export function searchWithSelection(search: URLSearchParams, selection: StatementSelection): URLSearchParams {
  const next = new URLSearchParams(search);
  if (selection.template === 'profit-and-loss') next.delete('statement');
  else next.set('statement', selection.template);
  for (const key of ['from', 'to'] as const) {
    const value = selection[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * The consolidated statement as the organization statements' renderer draws it: without the worksheet (shown
 * apart, its columns linking to the members) and without drill-downs, since a group has no GL lines of its own —
 * a member's lines are on its own statements.
 */
export function statementPart(report: ConsolidatedReport): Report {
  return {
    ...report,
    sections: report.sections
      .filter((section) => section.key !== WORKSHEET_KEY)
      .map((section) => ({ ...section, rows: section.rows.map(({ drill: _drill, ...row }) => row) })),
    series: report.series.map((series) => ({
      ...series,
      points: series.points.map(({ drill: _drill, ...point }) => point),
    })),
  };
}

export const worksheetOf = (report: ConsolidatedReport): ReportSection | undefined =>
  report.sections.find((section) => section.key === WORKSHEET_KEY);

/**
 * A member's own statements for the same range (`/dashboard?name=Balance Sheet&organization=…&from=&to=`): the
 * built-in statement of the same name every organization has. Keyed by the worksheet's column key.
 */
export function memberStatementHrefs(report: ConsolidatedReport): Map<string, string> {
  const name = REPORT_TEMPLATE_LABELS[report.template];
  return new Map(
    report.members.map((member) => {
      const query = new URLSearchParams({
        name,
        organization: member.organizationId,
        from: report.from,
        to: report.to,
      });
      if (member.entity) query.set('entity', member.entity);
      return [member.key, `/dashboard?${query.toString()}`];
    }),
  );
}

/** The balance sheet's group figures a reader checks first: the parent's translation adjustment and the NCI. */
export function balanceSummary(report: ConsolidatedReport): { label: string; value: number }[] {
  if (report.template !== 'balance-sheet') return [];
  const rows = [
    { label: 'Translation adjustment (parent’s share)', value: report.totals.translationAdjustment },
    { label: 'Non-controlling interests', value: report.totals.nonControllingInterest },
  ];
  return rows.filter((row): row is { label: string; value: number } => row.value !== undefined);
}
