import { useState } from 'react';
import { Alert, App, Button, Popconfirm } from 'antd';
import { ApiOutlined, DisconnectOutlined, SyncOutlined } from '@ant-design/icons';
import { ACCOUNTING_SYSTEM_NAMES, accountingMessages } from '@finboard/shared/accounting';
import { useIntacctAccounts } from '../api/get-intacct-accounts';
import { useSyncIntacct } from '../api/sync-intacct';
import { useUpdateIntacctStatus } from '../api/update-intacct-status';
import { ConnectionCard } from './connection-card';
import { IntacctConnectionForm } from './intacct-connection-form';

const INTACCT = ACCOUNTING_SYSTEM_NAMES.intacct;

/** Sage Intacct's card on /apps: its connection's state, Connect (the Add Connection form), Sync now, Disconnect. */
export function IntacctCard(props: { organizationId: string; syncRunning: boolean }) {
  const { organizationId } = props;
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const accounts = useIntacctAccounts(organizationId, props.syncRunning);
  const sync = useSyncIntacct();
  const status = useUpdateIntacctStatus();
  const account = accounts.data?.[0];
  const usable = account && account.status !== 'disconnected';

  const onSync = () => {
    if (!account) return;
    sync.mutate(account.id, {
      onSuccess: () => void message.success(accountingMessages.syncStarted),
      onError: (error) => void message.error(error.message),
    });
  };
  const onDisconnect = () => {
    if (!account) return;
    status.mutate(
      { id: account.id, accountStatus: 'disconnected' },
      {
        onSuccess: () => void message.success(accountingMessages.statusUpdated),
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <>
      <ConnectionCard
        system={INTACCT}
        account={account}
        loading={accounts.isPending}
        notice={accounts.error && <Alert type="error" role="alert" showIcon title={accounts.error.message} />}
        actions={
          <>
            <Button type={usable ? 'default' : 'primary'} icon={<ApiOutlined />} onClick={() => setAdding(true)}>
              {usable ? 'Reconnect' : 'Connect'}
            </Button>
            {usable && (
              <Button
                type="primary"
                icon={<SyncOutlined />}
                loading={sync.isPending || account.status === 'syncing'}
                onClick={onSync}
              >
                Sync now
              </Button>
            )}
            {usable && (
              <Popconfirm
                title={`Disconnect ${INTACCT}?`}
                description="Its credentials are forgotten; the lines already synced stay."
                okText="Disconnect"
                okButtonProps={{ danger: true }}
                onConfirm={onDisconnect}
              >
                <Button danger icon={<DisconnectOutlined />} loading={status.isPending}>
                  Disconnect
                </Button>
              </Popconfirm>
            )}
          </>
        }
      />
      <IntacctConnectionForm
        open={adding}
        organizationId={organizationId}
        replacing={Boolean(account)}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
