import { useState } from 'react';
import { Alert, App } from 'antd';
import { ACCOUNTING_SYSTEM_NAMES, accountingMessages } from '@finboard/shared/accounting';
import { useIntacctAccounts } from '../api/get-intacct-accounts';
import { useSyncIntacct } from '../api/sync-intacct';
import { ConnectionActions } from './connection-actions';
import { ConnectionCard } from './connection-card';
import { IntacctConnectionForm } from './intacct-connection-form';

/** Sage Intacct's card on /apps: its connection's state, Connect (the Add Connection form), Sync now, Disconnect. */
export function IntacctCard(props: { organizationId: string; syncRunning: boolean }) {
  const { organizationId } = props;
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const accounts = useIntacctAccounts(organizationId, props.syncRunning);
  const sync = useSyncIntacct();
  const account = accounts.data?.[0];

  return (
    <>
      <ConnectionCard
        system={ACCOUNTING_SYSTEM_NAMES.intacct}
        account={account}
        loading={accounts.isPending}
        notice={accounts.error && <Alert type="error" role="alert" showIcon title={accounts.error.message} />}
        actions={
          <ConnectionActions
            system="intacct"
            account={account}
            connectLabels={['Connect', 'Reconnect']}
            onConnect={() => setAdding(true)}
            onSync={(connection) =>
              sync.mutate(connection.id, {
                onSuccess: () => void message.success(accountingMessages.syncStarted),
                onError: (error) => void message.error(error.message),
              })
            }
            syncing={sync.isPending}
            forgets="Its credentials are"
          />
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
