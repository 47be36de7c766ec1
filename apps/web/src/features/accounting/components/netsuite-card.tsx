import { useState } from 'react';
import { Alert, App, Button, Popconfirm } from 'antd';
import { ApiOutlined, DisconnectOutlined, SyncOutlined } from '@ant-design/icons';
import { ACCOUNTING_SYSTEM_NAMES, accountingMessages } from '@finboard/shared/accounting';
import { useNetsuiteAccounts } from '../api/get-netsuite-accounts';
import { useSyncNetsuite } from '../api/sync-netsuite';
import { useUpdateNetsuiteStatus } from '../api/update-netsuite-status';
import { ConnectionCard } from './connection-card';
import { NetsuiteConnectionForm } from './netsuite-connection-form';

const NETSUITE = ACCOUNTING_SYSTEM_NAMES.netsuite;

/** The NetSuite card: Add Connection (the certificate form), Sync now, Disconnect, and the connection's state. */
export function NetsuiteCard({ organizationId, syncRunning }: { organizationId: string; syncRunning: boolean }) {
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const accounts = useNetsuiteAccounts(organizationId, syncRunning);
  const sync = useSyncNetsuite();
  const status = useUpdateNetsuiteStatus();
  const account = accounts.data?.[0];
  const usable = account && account.status !== 'disconnected';

  const onSync = () =>
    account &&
    sync.mutate(account.id, {
      onSuccess: () => void message.success(accountingMessages.syncStarted),
      onError: (error) => void message.error(error.message),
    });
  const onDisconnect = () =>
    account &&
    status.mutate(
      { id: account.id, accountStatus: 'disconnected' },
      {
        onSuccess: () => void message.success(accountingMessages.statusUpdated),
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <>
      <ConnectionCard
        system={NETSUITE}
        account={account}
        loading={accounts.isPending}
        notice={accounts.error && <Alert type="error" role="alert" showIcon title={accounts.error.message} />}
        actions={
          <>
            <Button type={usable ? 'default' : 'primary'} icon={<ApiOutlined />} onClick={() => setAdding(true)}>
              {usable ? 'Add New Connection' : 'Add Connection'}
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
                title={`Disconnect ${NETSUITE}?`}
                description="Its certificate is forgotten; the lines already synced stay."
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
      <NetsuiteConnectionForm organizationId={organizationId} open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
