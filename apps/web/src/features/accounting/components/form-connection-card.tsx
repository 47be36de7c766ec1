import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Alert, App } from 'antd';
import {
  ACCOUNTING_SYSTEM_NAMES,
  accountingMessages,
  type AccountingAccount,
  type AccountingSystem,
} from '@finboard/shared/accounting';
import { ConnectionActions } from './connection-actions';
import { ConnectionCard } from './connection-card';

/**
 * The card of a system connected through a form of its credentials (Sage Intacct, NetSuite): its
 * connection's state, the connect button opening the form, Sync now and Disconnect.
 */
export function FormConnectionCard(props: {
  system: AccountingSystem;
  accounts: UseQueryResult<AccountingAccount[]>;
  sync: UseMutationResult<string, Error, string>;
  connectLabels: [first: string, again: string];
  /** What Disconnect forgets ("Its credentials are"…). */
  forgets: string;
  form: (state: { open: boolean; replacing: boolean; onClose: () => void }) => ReactNode;
}) {
  const { system, accounts, sync } = props;
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const account = accounts.data?.[0];

  return (
    <>
      <ConnectionCard
        system={ACCOUNTING_SYSTEM_NAMES[system]}
        account={account}
        loading={accounts.isPending}
        notice={accounts.error && <Alert type="error" role="alert" showIcon title={accounts.error.message} />}
        actions={
          <ConnectionActions
            system={system}
            account={account}
            connectLabels={props.connectLabels}
            onConnect={() => setAdding(true)}
            onSync={(connection) =>
              sync.mutate(connection.id, {
                onSuccess: () => void message.success(accountingMessages.syncStarted),
                onError: (error) => void message.error(error.message),
              })
            }
            syncing={sync.isPending}
            forgets={props.forgets}
          />
        }
      />
      {props.form({ open: adding, replacing: Boolean(account), onClose: () => setAdding(false) })}
    </>
  );
}
