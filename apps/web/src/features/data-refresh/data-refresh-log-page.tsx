import { useState } from 'react';
import { Alert, App, Button, DatePicker, Flex, Result, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { dataRefreshMessages, type RefreshLog } from '@finboard/shared/data-refresh';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { usePageOrganization } from '../../lib/page-organization';
import { useRefreshLogs } from './api/get-refresh-logs';
import { useRefreshAll } from './api/refresh-all';
import { useRefreshDataset } from './api/refresh-dataset';
import { RefreshDurationChart } from './components/refresh-duration-chart';
import { RefreshLogTable } from './components/refresh-log-table';

/**
 * Dataset Refresh Log (issue 11 §3): refresh the organization's dashboards' data (Refresh All, or one
 * Power BI dataset again) and follow each refresh live; admins pick the organization first.
 */
export default function DataRefreshLogPage() {
  const { message } = App.useApp();
  const { isAdmin, organizationId, picked, setPicked } = usePageOrganization();
  const [day, setDay] = useState<Dayjs | null>(null);
  const date = day?.format('YYYY-MM-DD');
  const logs = useRefreshLogs(organizationId, date);
  const all = useRefreshAll();
  const single = useRefreshDataset();
  const [refreshingLog, setRefreshingLog] = useState<string>();

  const onRefreshAll = () => {
    if (!organizationId) return void message.warning(dataRefreshMessages.organizationRequired);
    all.mutate(organizationId, {
      onSuccess: ({ refreshedDatasets }) => {
        void message.success(dataRefreshMessages.allStarted);
        for (const skipped of refreshedDatasets.filter((dataset) => dataset.status === 'skipped'))
          void message.warning(`${skipped.dashboardName}: ${skipped.error ?? dataRefreshMessages.idsMissing}`);
      },
      onError: (error) => void message.error(error.message),
    });
  };

  const onRefresh = (log: RefreshLog) => {
    if (!organizationId || !log.workspace_id || !log.dataset_id)
      return void message.warning(dataRefreshMessages.idsMissing);
    setRefreshingLog(log.id);
    single.mutate(
      {
        organizationId,
        workspaceId: log.workspace_id,
        datasetId: log.dataset_id,
        reportName: log.report_name,
      },
      {
        onSuccess: () => void message.success(dataRefreshMessages.started),
        onError: (error) => void message.error(error.message),
        onSettled: () => setRefreshingLog(undefined),
      },
    );
  };

  return (
    <>
      <Typography.Title level={2}>Dataset Refresh Log</Typography.Title>
      {isAdmin && <AdminOrganizationPicker value={picked} onChange={setPicked} />}
      {!organizationId ? (
        <Result status="info" title={dataRefreshMessages.organizationRequired} />
      ) : (
        <>
          <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
            <Button type="primary" icon={<SyncOutlined />} loading={all.isPending} onClick={onRefreshAll}>
              Refresh All
            </Button>
            <Typography.Text>Date</Typography.Text>
            <DatePicker
              aria-label="Date"
              value={day}
              onChange={(value) => setDay(value)}
              format="YYYY-MM-DD"
              allowClear
              placeholder="All dates"
            />
          </Flex>
          {logs.error ? (
            <Alert
              type="error"
              role="alert"
              showIcon
              title={logs.error.message}
              action={
                <Button size="small" onClick={() => void logs.refetch()}>
                  Retry
                </Button>
              }
            />
          ) : (
            <>
              <RefreshDurationChart logs={logs.data ?? []} />
              <RefreshLogTable
                logs={logs.data ?? []}
                loading={logs.isPending}
                refreshing={refreshingLog}
                onRefresh={onRefresh}
              />
            </>
          )}
        </>
      )}
    </>
  );
}
