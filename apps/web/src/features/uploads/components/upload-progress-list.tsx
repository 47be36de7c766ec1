import { Button, List, Progress, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined } from '@ant-design/icons';
import type { UploadRow } from '../upload-batch';
import { progressPercent, progressText } from '../upload-progress';

const STATE_TEXT: Partial<Record<UploadRow['state'], string>> = {
  waiting: 'Waiting',
  mapping: 'Waiting for the column mapping',
  sealing: 'Encrypting',
  cancelled: 'Cancelled',
};

const busy = (row: UploadRow) => row.state === 'waiting' || row.state === 'sealing' || row.state === 'sending';

/** Each file's progress bar, bytes and speed, a Cancel button while it is under way, then its outcome. */
export function UploadProgressList(props: {
  rows: UploadRow[];
  onCancel: (key: string) => void;
  onDownloadReport: (row: UploadRow) => void;
}) {
  return (
    <List
      aria-label="Upload progress"
      bordered
      dataSource={props.rows}
      renderItem={(row) => (
        <List.Item
          aria-label={row.name}
          actions={[
            busy(row) && (
              <Button
                key="cancel"
                size="small"
                onClick={() => props.onCancel(row.key)}
                aria-label={`Cancel ${row.name}`}
              >
                Cancel
              </Button>
            ),
            row.refusal && (
              <Button key="report" type="link" icon={<DownloadOutlined />} onClick={() => props.onDownloadReport(row)}>
                Download problems report
              </Button>
            ),
          ].filter(Boolean)}
        >
          <div style={{ width: '100%' }}>
            <Typography.Text strong>{row.name}</Typography.Text>
            <Progress
              aria-label={`Upload of ${row.name}`}
              percent={row.state === 'uploaded' ? 100 : row.progress ? progressPercent(row.progress) : 0}
              status={
                row.state === 'failed' || row.state === 'cancelled'
                  ? 'exception'
                  : row.state === 'uploaded'
                    ? 'success'
                    : row.state === 'sending'
                      ? 'active'
                      : 'normal'
              }
            />
            {row.state === 'sending' && row.progress && (
              <Typography.Text type="secondary">{progressText(row.progress)}</Typography.Text>
            )}
            {STATE_TEXT[row.state] && <Typography.Text type="secondary">{STATE_TEXT[row.state]}</Typography.Text>}
            {row.state === 'uploaded' && (
              <Typography.Text type="success" role="status">
                <CheckCircleFilled /> <span>{row.message}</span>
              </Typography.Text>
            )}
            {row.state === 'failed' && (
              <Typography.Paragraph type="danger" role="alert" style={{ margin: 0 }}>
                <CloseCircleFilled /> <span>{row.message}</span>
              </Typography.Paragraph>
            )}
          </div>
        </List.Item>
      )}
    />
  );
}
