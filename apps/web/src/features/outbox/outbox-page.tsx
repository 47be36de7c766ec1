import { Alert, Button, Card, Empty, List, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
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
            </Card>
          </List.Item>
        )}
      />
    </>
  );
}
