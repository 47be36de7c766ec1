import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Flex, Popconfirm, Result, Typography } from 'antd';
import { ApiOutlined, DisconnectOutlined, SyncOutlined } from '@ant-design/icons';
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
import { useQuickbooksAccounts } from './api/get-quickbooks-accounts';
import { useSyncRuns } from './api/get-sync-runs';
import { useSyncQuickbooks } from './api/sync-quickbooks';
import { useUpdateQuickbooksStatus } from './api/update-quickbooks-status';
import { ConnectionCard } from './components/connection-card';
import { IntacctCard } from './components/intacct-card';
import { NetsuiteCard } from './components/netsuite-card';
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
  const status = useUpdateQuickbooksStatus();
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
  const onSync = () => {
    if (!organizationId || !account) return;
    sync.mutate(
      { id: account.id, organizationId },
      {
        onSuccess: () => void message.success(accountingMessages.syncStarted),
        onError: (error) => void message.error(error.message),
      },
    );
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

  const usable = account && account.status !== 'disconnected';
  const quickbooksActions = (
    <>
      <Button
        type={usable ? 'default' : 'primary'}
        icon={<ApiOutlined />}
        loading={connect.isPending}
        disabled={!configured}
        onClick={onConnect}
      >
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
          title={`Disconnect ${QUICKBOOKS}?`}
          description="Its tokens are forgotten; the lines already synced stay."
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
            <IntacctCard organizationId={organizationId} syncRunning={syncRunning} />
            <NetsuiteCard organizationId={organizationId} syncRunning={syncRunning} />
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
