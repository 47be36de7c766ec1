import { Alert, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { describeRowOrigin, type DataHistoryEntry, type HistoryAction } from '@finboard/shared/data-management';
import { useRecordHistory } from '../api/get-record-history';
import { useRecordOrigin } from '../api/get-record-origin';
import { changedFields } from '../grid-mapping';

const ACTION_COLORS: Record<HistoryAction, string> = { created: 'green', updated: 'blue', deleted: 'red' };

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '(empty)' : String(value as string | number);

function HistoryEntry({ entry }: { entry: DataHistoryEntry }) {
  return (
    <>
      <Typography.Paragraph style={{ marginBottom: 4, overflowWrap: 'anywhere' }}>
        <Tag color={ACTION_COLORS[entry.action]}>{entry.action}</Tag>
        <Typography.Text strong>{entry.actorEmail ?? 'System'}</Typography.Text> <br />
        <Typography.Text type="secondary">{dayjs(entry.createdAt).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
      </Typography.Paragraph>
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {changedFields(entry.before, entry.after).map((change) => (
          <li key={change.column}>
            <Typography.Text code>{change.column}</Typography.Text>{' '}
            {entry.action === 'updated'
              ? `${shown(change.before)} → ${shown(change.after)}`
              : shown(entry.action === 'created' ? change.after : change.before)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Where the row came from (its load and last Studio edit), in the reader's local time. */
function RecordOrigin(props: { target: { organizationId: string; table: string; rowId: string } | undefined }) {
  const origin = useRecordOrigin(props.target);
  if (origin.error) return <Alert type="error" role="alert" showIcon title={origin.error.message} />;
  if (!origin.data) return null;
  return (
    <Typography.Paragraph data-testid="record-origin" style={{ overflowWrap: 'anywhere' }}>
      <Typography.Text type="secondary">Origin: </Typography.Text>
      {describeRowOrigin(origin.data)}
    </Typography.Paragraph>
  );
}

/** A row's origin, then its audit trail: who changed what, when, before → after. */
export function RecordHistoryDrawer(props: {
  target: { organizationId: string; table: string; rowId: string } | undefined;
  onClose: () => void;
}) {
  const history = useRecordHistory(props.target);
  return (
    <Drawer
      title={props.target ? `History of record ${props.target.rowId}` : 'History'}
      open={Boolean(props.target)}
      onClose={props.onClose}
      size={480}
    >
      <RecordOrigin target={props.target} />
      {history.isLoading && <Spin />}
      {history.error && <Alert type="error" role="alert" showIcon title={history.error.message} />}
      {history.data && history.data.length === 0 && <Empty description="No changes recorded for this record" />}
      {history.data && history.data.length > 0 && (
        <Timeline
          items={history.data.map((entry) => ({
            key: entry.id,
            color: ACTION_COLORS[entry.action],
            content: <HistoryEntry entry={entry} />,
          }))}
        />
      )}
    </Drawer>
  );
}
