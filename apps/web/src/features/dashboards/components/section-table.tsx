import type { ReactNode } from 'react';
import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReportColumn, ReportDrill, ReportRow, ReportSection } from '@finboard/shared/reports';
import { visibleRows, type ReportDisplay } from '../report-display';
import { formatValue } from '../report-format';
import { printColumnGroups } from '../report-print';
import { drillOfCell } from '../studio-link';
// The printed tables stay off screen wherever a section is drawn (the consolidated statements too).
import '../dashboard-print.css';

const FAVOURABLE = '#15803d';
const UNFAVOURABLE = '#b91c1c';

/** A figure's colour: variances green (favourable) or red (unfavourable), every other figure the text's. */
const colourOf = (row: ReportRow, column: ReportColumn) => {
  const favourable = row.favourable?.[column.key];
  return favourable === undefined ? undefined : favourable ? FAVOURABLE : UNFAVOURABLE;
};
const weightOf = (row: ReportRow) => (row.kind === 'line' ? undefined : 600);

/**
 * One section of a statement as one table, so columns line up from top to bottom: rows indented by depth,
 * subtotals and totals bold, variances green or red. A figure with GL lines behind it is a button in the
 * figures' own colour, underlined under the pointer or focus: Enter or a click opens them. On paper the
 * same rows print as tables of column groups that fit A4 landscape (report-print.ts).
 */
export function SectionTable(props: {
  section: ReportSection;
  display: ReportDisplay;
  onDrill: (drill: ReportDrill) => void;
  /** A column's header on screen, when not its label (a consolidation worksheet links its member columns). */
  columnTitle?: (column: ReportColumn) => ReactNode;
}) {
  const { section, display, onDrill, columnTitle } = props;
  const rows = visibleRows(section.rows, display);
  const columns: ColumnsType<ReportRow> = [
    {
      key: 'label',
      title: section.label,
      fixed: 'left',
      render: (_, row) => (
        <span className="report-label" style={{ paddingLeft: row.depth * 16, fontWeight: weightOf(row) }}>
          {row.label}
        </span>
      ),
    },
    ...section.columns.map((column) => ({
      key: column.key,
      title: columnTitle ? columnTitle(column) : column.label,
      align: 'right' as const,
      render: (_: unknown, row: ReportRow) => {
        const value = row.values[column.key];
        const kind = row.format ?? column.kind;
        const text = formatValue(value, kind, display);
        const style = { fontWeight: weightOf(row), color: colourOf(row, column), whiteSpace: 'nowrap' as const };
        if (!row.drill || value === null || value === undefined || kind === 'percent')
          return <Typography.Text style={style}>{text}</Typography.Text>;
        return (
          <Button
            type="link"
            size="small"
            className="report-figure"
            style={{ ...style, color: style.color ?? 'inherit', padding: 0, height: 'auto' }}
            aria-label={`${row.label}, ${column.label}: ${text}. Show the GL lines`}
            onClick={() => onDrill(drillOfCell(row.drill!, column.key))}
          >
            {text}
          </Button>
        );
      },
    })),
  ];
  return (
    <div className="dashboard-section">
      <div className="report-screen-table">
        <Table<ReportRow>
          size="small"
          bordered
          rowKey="key"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          title={() => <Typography.Text strong>{section.label}</Typography.Text>}
          locale={{ emptyText: 'No lines' }}
        />
      </div>
      <PrintedSection section={section} rows={rows} display={display} />
    </div>
  );
}

/** The section on paper: a plain table per column group, its header repeated by the browser on every page. */
function PrintedSection(props: { section: ReportSection; rows: ReportRow[]; display: ReportDisplay }) {
  const { section, rows, display } = props;
  const groups = printColumnGroups(section.columns);
  return (
    <div className="report-print-tables" aria-hidden>
      {groups.map((group, index) => (
        <table key={group[0]?.key ?? index} className="report-print-table">
          <thead>
            <tr>
              <th>
                {section.label}
                {groups.length > 1 ? ` (${index + 1} of ${groups.length})` : ''}
              </th>
              {group.map((column) => (
                <th key={column.key}>{column.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={`report-print-${row.kind}`}>
                <td style={{ paddingLeft: 4 + row.depth * 10 }}>{row.label}</td>
                {group.map((column) => (
                  <td key={column.key} style={{ color: colourOf(row, column) }}>
                    {formatValue(row.values[column.key], row.format ?? column.kind, display)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
