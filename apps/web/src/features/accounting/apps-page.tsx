import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, App, Flex, Result, Typography } from 'antd';
import {
  ACCOUNTING_SYSTEM_NAMES,
  accountingMessages,
  FINISHED_SYNC_STATUSES,
  QUICKBOOKS_CALLBACK_OUTCOMES,
  type QuickbooksCallbackOutcome,
} from '@finboard/shared/accounting';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { usePageOrganization } from '../../lib/page-organization';
import { accountingQueryKey } from './api/accounting-urls';
import { useConnectQuickbooks } from './api/connect-quickbooks';
import { useIntacctAccounts } from './api/get-intacct-accounts';
import { useNetsuiteAccounts } from './api/get-netsuite-accounts';
import { useQuickbooksAccounts } from './api/get-quickbooks-accounts';
import { useSyncRuns } from './api/get-sync-runs';
import { useSyncIntacct } from './api/sync-intacct';
import { useSyncNetsuite } from './api/sync-netsuite';
import { useSyncQuickbooks } from './api/sync-quickbooks';
import { ConnectionActions } from './components/connection-actions';
import { ConnectionCard } from './components/connection-card';
import { FormConnectionCard } from './components/form-connection-card';
import { IntacctConnectionForm } from './components/intacct-connection-form';
import { NetsuiteConnectionForm } from './components/netsuite-connection-form';
import { SyncRunsTable } from './components/sync-runs-table';

const QUICKBOOKS = ACCOUNTING_SYSTEM_NAMES.quickbooks;

const CALLBACK_NOTICES: Record<QuickbooksCallbackOutcome, { type: 'success' | 'warning' | 'error'; text: string }> = {
  connected: { type: 'success', text: accountingMessages.connected('QuickBooks') },
  declined: { type: 'warning', text: accountingMessages.quickbooksDeclined },
  expired: { type: 'error', text: accountingMessages.stateInvalid },
  failed: { type: 'error', text: accountingMessages.connectFailed },
};

/** Says once how the QuickBooks sign-in went (the callback's `?quickbooks=`), then drops it from the address. */
function useCallbackNotice() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('quickbooks');
  useEffect(() => {
    if (!outcome || !QUICKBOOKS_CALLBACK_OUTCOMES.includes(outcome as QuickbooksCallbackOutcome)) return;
    const notice = CALLBACK_NOTICES[outcome as QuickbooksCallbackOutcome];
    void message[notice.type](notice.text);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('quickbooks');
        return next;
      },
      { replace: true },
    );
  }, [outcome, message, setParams]);
}

/**
 * Apps (issue 12; spec §2 /apps): the organization's accounting connections, one card per system, and
 * their sync runs, followed live. Organization users reach it from their navigation; admins from the
 * Organization Profile (or pick the organization here).
 */
export default function AppsPage() {
  const { message } = App.useApp();
  useCallbackNotice();
  const { isAdmin, organizationId, picked, setPicked } = usePageOrganization();
  const runs = useSyncRuns(organizationId);
  const syncRunning = Boolean(runs.data?.some((run) => !FINISHED_SYNC_STATUSES.includes(run.status)));
  const quickbooks = useQuickbooksAccounts(organizationId, syncRunning);
  const intacct = useIntacctAccounts(organizationId, syncRunning);
  const netsuite = useNetsuiteAccounts(organizationId, syncRunning);
  const syncIntacct = useSyncIntacct();
  const syncNetsuite = useSyncNetsuite();
  // A run that has just ended changed the cards (state, last synced, rows synced): read them again.
  const queryClient = useQueryClient();
  const latestFinished = runs.data?.find((run) => FINISHED_SYNC_STATUSES.includes(run.status))?.id;
  const seenFinished = useRef(latestFinished);
  useEffect(() => {
    if (latestFinished === seenFinished.current) return;
    seenFinished.current = latestFinished;
    // Every system's card of the organization.
    void queryClient.invalidateQueries({ queryKey: [...accountingQueryKey, organizationId] });
  }, [latestFinished, organizationId, queryClient]);
  const connect = useConnectQuickbooks();
  const sync = useSyncQuickbooks();
  const account = quickbooks.data?.accounts[0];
  const configured = quickbooks.data?.configured ?? true;

  const onConnect = () => {
    if (!organizationId) return;
    connect.mutate(organizationId, {
      // Intuit's page; it sends the browser back to /apps.
      onSuccess: (authorizeUrl) => window.location.assign(authorizeUrl),
      onError: (error) => void message.error(error.message),
    });
  };
  const onSync = (connection: { id: string }) => {
    if (!organizationId) return;
    sync.mutate(
      { id: connection.id, organizationId },
      {
        onSuccess: () => void message.success(accountingMessages.syncStarted),
        onError: (error) => void message.error(error.message),
      },
    );
  };
  const quickbooksActions = (
    <ConnectionActions
      system="quickbooks"
      account={account}
      connectLabels={['Connect', 'Reconnect']}
      onConnect={onConnect}
      connecting={connect.isPending}
      connectDisabled={!configured}
      onSync={onSync}
      syncing={sync.isPending}
      forgets="Its tokens are"
    />
  );

  return (
    <>
      <Typography.Title level={2}>Apps</Typography.Title>
      {isAdmin && <AdminOrganizationPicker value={picked} onChange={setPicked} />}
      {!organizationId ? (
        <Result status="info" title={accountingMessages.organizationRequired} />
      ) : (
        <Flex vertical gap={24}>
          {quickbooks.error && <Alert type="error" role="alert" showIcon title={quickbooks.error.message} />}
          <Flex gap={16} wrap>
            <ConnectionCard
              system={QUICKBOOKS}
              account={account}
              loading={quickbooks.isPending}
              notice={!configured && <Alert type="info" showIcon title={accountingMessages.quickbooksNotConfigured} />}
              actions={quickbooksActions}
            />
            <FormConnectionCard
              system="intacct"
              accounts={intacct}
              sync={syncIntacct}
              connectLabels={['Connect', 'Reconnect']}
              forgets="Its credentials are"
              form={(state) => <IntacctConnectionForm organizationId={organizationId} {...state} />}
            />
            <FormConnectionCard
              system="netsuite"
              accounts={netsuite}
              sync={syncNetsuite}
              connectLabels={['Add Connection', 'Add New Connection']}
              forgets="Its certificate is"
              form={({ open, onClose }) => (
                <NetsuiteConnectionForm organizationId={organizationId} open={open} onClose={onClose} />
              )}
            />
          </Flex>
          <div>
            <Typography.Title level={4}>Sync runs</Typography.Title>
            {runs.error ? (
              <Alert type="error" role="alert" showIcon title={runs.error.message} />
            ) : (
              <SyncRunsTable runs={runs.data ?? []} loading={runs.isPending} />
            )}
          </div>
        </Flex>
      )}
    </>
  );
}
