import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReportDrill, ReportRow, ReportSection } from '@finboard/shared/reports';
import { formatValue } from '../report-format';
import { drillOfCell } from '../studio-link';

const FAVOURABLE = '#15803d';
const UNFAVOURABLE = '#b91c1c';

/**
 * One section of a statement as a table: rows indented by depth, subtotals and totals bold, budget
 * variances green (favourable) or red (unfavourable). A figure with GL lines behind it is a button in the
 * figures' own colour, underlined under the pointer or focus: Enter or a click opens them.
 */
export function SectionTable(props: { section: ReportSection; onDrill: (drill: ReportDrill) => void }) {
  const { section, onDrill } = props;
  const columns: ColumnsType<ReportRow> = [
    {
      key: 'label',
      title: section.label,
      fixed: 'left',
      render: (_, row) => (
        <span style={{ paddingLeft: row.depth * 16, fontWeight: row.kind === 'line' ? undefined : 600 }}>
          {row.label}
        </span>
      ),
    },
    ...section.columns.map((column) => ({
      key: column.key,
      title: column.label,
      align: 'right' as const,
      render: (_: unknown, row: ReportRow) => {
        const value = row.values[column.key];
        const kind = row.format ?? column.kind;
        const text = formatValue(value, kind);
        const favourable = row.favourable?.[column.key];
        const style = {
          fontWeight: row.kind === 'line' ? undefined : 600,
          color: favourable === undefined ? undefined : favourable ? FAVOURABLE : UNFAVOURABLE,
          whiteSpace: 'nowrap' as const,
        };
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
      <Table<ReportRow>
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={section.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => <Typography.Text strong>{section.label}</Typography.Text>}
        locale={{ emptyText: 'No lines' }}
      />
    </div>
  );
}
