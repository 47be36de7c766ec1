import { describe, expect, it } from 'vitest';
import type { Report, ReportSection } from '@finboard/shared/reports';
import { reportCsv, reportFileName, sectionCsv } from './report-csv';

const section: ReportSection = {
  key: 'revenue',
  label: 'Revenue',
  columns: [
    { key: '2025-01', label: 'Jan 2025', kind: 'amount' },
    { key: 'budget', label: 'Budget, full', kind: 'amount' },
  ],
  rows: [
    { key: '4000', label: 'Sales', kind: 'line', depth: 1, values: { '2025-01': 1234.5, budget: null } },
    { key: '4100', label: '=HYPERLINK("x")', kind: 'line', depth: 1, values: { '2025-01': -20, budget: 0 } },
    { key: 'total', label: 'Total revenue', kind: 'total', depth: 0, values: { '2025-01': 1214.5, budget: 1000 } },
  ],
};

describe('CSV export of a statement', () => {
  it('writes a section as a table: quoted headers, labels indented by depth, figures with 2 decimals', () => {
    expect(sectionCsv(section).split('\r\n')).toEqual([
      'Revenue,Jan 2025,"Budget, full"',
      '  Sales,1234.50,',
      `"'  =HYPERLINK(""x"")",-20.00,0.00`,
      'Total revenue,1214.50,1000.00',
    ]);
  });

  it('keeps a label that looks like a formula as text', () => {
    const formula: ReportSection = { ...section, rows: [{ ...section.rows[1]!, depth: 0 }] };
    expect(sectionCsv(formula).split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-20.00,0.00`);
  });

  it('puts every section under a title line with the range and filters', () => {
    const report = { from: '2025-01', to: '2025-03', entity: 'US', department: null, sections: [section, section] };
    const csv = reportCsv('Profit & Loss', report as unknown as Report);
    expect(csv.startsWith('"Profit & Loss (2025-01 to 2025-03, US)"\r\n\r\nRevenue,')).toBe(true);
    expect(csv.split('\r\n\r\n')).toHaveLength(3);
    expect(reportFileName('Profit & Loss', report, 'csv')).toBe('Profit-Loss_2025-01_2025-03.csv');
  });
});
