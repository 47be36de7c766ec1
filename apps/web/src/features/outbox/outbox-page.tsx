import { Alert, App, Button, Card, Empty, Flex, List, Space, Typography } from 'antd';
import { DownloadOutlined, PaperClipOutlined, ReloadOutlined } from '@ant-design/icons';
import type { OutboxAttachment } from '@finboard/shared/outbox';
import { useDownloadAttachment } from './api/download-attachment';
import { useOutbox } from './api/get-outbox';
import { MailBody } from './components/mail-body';

/** Mail the platform kept because no SMTP server is configured (admins only). */
export default function OutboxPage() {
  const outbox = useOutbox();
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="center">
        <Typography.Title level={2}>Outbox</Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          Refresh
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        Without an SMTP server (SMTP_URL), Finboard keeps outgoing e-mail here instead of sending it.
      </Typography.Paragraph>
      {outbox.error && <Alert type="error" showIcon title={outbox.error.message} />}
      <List
        loading={outbox.isPending}
        dataSource={outbox.data ?? []}
        locale={{ emptyText: <Empty description="No e-mails in the outbox" /> }}
        renderItem={(email) => (
          <List.Item key={email.id}>
            <Card
              size="small"
              style={{ width: '100%', maxWidth: 760 }}
              title={<span style={{ whiteSpace: 'normal' }}>{email.subject}</span>}
              aria-label={email.subject}
            >
              <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
                To {email.to} · {new Date(email.createdAt).toLocaleString()}
              </Typography.Paragraph>
              <MailBody text={email.text} />
              {email.attachments.length > 0 && <Attachments emailId={email.id} attachments={email.attachments} />}
            </Card>
          </List.Item>
        )}
      />
    </>
  );
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The files a kept mail carries (a report pack's PDF and workbook), each downloadable with the session's token. */
function Attachments(props: { emailId: string; attachments: OutboxAttachment[] }) {
  const { message } = App.useApp();
  const download = useDownloadAttachment();
  return (
    <Flex vertical gap={4} style={{ marginTop: 12 }} role="list" aria-label="Attachments">
      {props.attachments.map((attachment, index) => (
        <Flex key={`${index}-${attachment.filename}`} align="center" gap={8} wrap role="listitem">
          <PaperClipOutlined aria-hidden />
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{attachment.filename}</Typography.Text>
          <Typography.Text type="secondary">{size(attachment.bytes)}</Typography.Text>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={`Download ${attachment.filename}`}
            loading={
              download.isPending && download.variables?.index === index && download.variables.emailId === props.emailId
            }
            onClick={() =>
              download.mutate(
                { emailId: props.emailId, index, filename: attachment.filename },
                { onError: (error) => void message.error(error.message) },
              )
            }
          >
            Download
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}
