import type { ReactNode } from 'react';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import type { AccountingAccount } from '@finboard/shared/accounting';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATES: Record<AccountingAccount['status'] | 'not_connected', { text: string; color?: string }> = {
  not_connected: { text: 'Not connected' },
  connected: { text: 'Connected', color: 'green' },
  syncing: { text: 'Syncing', color: 'processing' },
  error: { text: 'Error', color: 'red' },
  disconnected: { text: 'Disconnected', color: 'orange' },
};

/** One accounting system: its state, company, last sync and rows synced, with its actions. */
export function ConnectionCard(props: {
  system: string;
  account: AccountingAccount | undefined;
  /** What the card says instead of the connection's details (not configured, not available). */
  notice?: ReactNode;
  actions: ReactNode;
  loading?: boolean;
}) {
  const { account } = props;
  const state = STATES[account?.status ?? 'not_connected'];
  return (
    <Card
      loading={props.loading}
      title={props.system}
      extra={<Tag color={state.color}>{state.text}</Tag>}
      style={{ flex: '1 1 300px', maxWidth: 420 }}
      data-testid={`connection-${props.system}`}
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'company', label: 'Company', children: account?.companyName ?? '—' },
            {
              key: 'lastSynced',
              label: 'Last synced',
              children: account?.last_synced ? dateTime.format(new Date(account.last_synced)) : 'Never',
            },
            { key: 'rows', label: 'Rows synced', children: (account?.rowsSynced ?? 0).toLocaleString() },
          ]}
        />
        {account?.message && <Typography.Text type="danger">{account.message}</Typography.Text>}
        {props.notice}
        <Flex gap={8} wrap>
          {props.actions}
        </Flex>
      </Flex>
    </Card>
  );
}
