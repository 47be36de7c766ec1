import { useState } from 'react';
import { Alert, App } from 'antd';
import { ACCOUNTING_SYSTEM_NAMES, accountingMessages } from '@finboard/shared/accounting';
import { useNetsuiteAccounts } from '../api/get-netsuite-accounts';
import { useSyncNetsuite } from '../api/sync-netsuite';
import { ConnectionActions } from './connection-actions';
import { ConnectionCard } from './connection-card';
import { NetsuiteConnectionForm } from './netsuite-connection-form';

/** The NetSuite card: Add Connection (the certificate form), Sync now, Disconnect, and the connection's state. */
export function NetsuiteCard({ organizationId, syncRunning }: { organizationId: string; syncRunning: boolean }) {
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const accounts = useNetsuiteAccounts(organizationId, syncRunning);
  const sync = useSyncNetsuite();
  const account = accounts.data?.[0];

  return (
    <>
      <ConnectionCard
        system={ACCOUNTING_SYSTEM_NAMES.netsuite}
        account={account}
        loading={accounts.isPending}
        notice={accounts.error && <Alert type="error" role="alert" showIcon title={accounts.error.message} />}
        actions={
          <ConnectionActions
            system="netsuite"
            account={account}
            connectLabels={['Add Connection', 'Add New Connection']}
            onConnect={() => setAdding(true)}
            onSync={(connection) =>
              sync.mutate(connection.id, {
                onSuccess: () => void message.success(accountingMessages.syncStarted),
                onError: (error) => void message.error(error.message),
              })
            }
            syncing={sync.isPending}
            forgets="Its certificate is"
          />
        }
      />
      <NetsuiteConnectionForm organizationId={organizationId} open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
