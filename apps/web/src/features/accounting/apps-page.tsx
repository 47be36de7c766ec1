import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert, App, Button, Flex, Popconfirm, Result, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { ACCOUNTING_SYSTEM_NAMES, accountingMessages, FINISHED_SYNC_STATUSES } from '@finboard/shared/accounting';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { guidePath } from '../../lib/guide-paths';
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
import { callbackNotice } from './callback-notice';
import { ConnectionActions } from './components/connection-actions';
import { ConnectionCard } from './components/connection-card';
import { FormConnectionCard } from './components/form-connection-card';
import { IntacctConnectionForm } from './components/intacct-connection-form';
import { NetsuiteConnectionForm } from './components/netsuite-connection-form';
import { SyncRunsTable } from './components/sync-runs-table';

const QUICKBOOKS = ACCOUNTING_SYSTEM_NAMES.quickbooks;

/**
 * Says once how the QuickBooks sign-in went (the callback's `?quickbooks=` and `&reason=`), then drops them
 * from the address.
 */
function useCallbackNotice() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const notice = callbackNotice(params);
  useEffect(() => {
    if (!notice) return;
    void message[notice.type](notice.text);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('quickbooks');
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  }, [notice, message, setParams]);
}

/**
 * QuickBooks without its server settings: administrators are told what to set and where it is described;
 * organization users never see server configuration.
 */
function NotConfiguredNotice({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? (
    <Alert
      type="info"
      showIcon
      title={accountingMessages.quickbooksNotConfigured}
      description={
        <>
          See <Link to={guidePath('operations', 'configuration')}>Configuration in the operations guide</Link>.
        </>
      }
    />
  ) : (
    <Alert type="info" showIcon title={accountingMessages.quickbooksNotEnabled} />
  );
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

  const onConnect = (replaceCompany = false) => {
    if (!organizationId) return;
    connect.mutate(
      { organizationId, replaceCompany },
      {
        // Intuit's page; it sends the browser back to /apps.
        onSuccess: (authorizeUrl) => window.location.assign(authorizeUrl),
        onError: (error) => void message.error(error.message),
      },
    );
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
  const replacing = connect.variables?.replaceCompany === true;
  const quickbooksActions = (
    <>
      <ConnectionActions
        system="quickbooks"
        account={account}
        connectLabels={['Connect', 'Reconnect']}
        onConnect={() => onConnect()}
        connecting={connect.isPending && !replacing}
        connectDisabled={!configured}
        onSync={onSync}
        syncing={sync.isPending}
        forgets="Its tokens are"
      />
      {/* Connect and Reconnect accept only the connected company; another one takes this explicit step. */}
      {account && (
        <Popconfirm
          title="Connect a different company?"
          description={`Its next sync replaces the lines synced from ${account.companyName ?? 'the connected company'}.`}
          okText="Continue to QuickBooks"
          onConfirm={() => onConnect(true)}
        >
          <Button icon={<SwapOutlined />} loading={connect.isPending && replacing} disabled={!configured}>
            Connect a different company
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
              notice={!configured && <NotConfiguredNotice isAdmin={isAdmin} />}
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
