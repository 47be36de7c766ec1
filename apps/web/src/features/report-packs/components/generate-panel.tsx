import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Empty,
  Flex,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  DownloadOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { reportPackMessages as m, type Pack, type PackRun } from '@finboard/shared/report-packs';
import { useDownloadPackFile } from '../api/download-pack-file';
import { useGeneratePack } from '../api/generate-pack';
import { usePackRun } from '../api/get-pack-run';
import { packRunsQueryKey, usePackRuns } from '../api/get-pack-runs';
import { packListQueryKey, type PackRef } from '../api/report-pack-urls';
import { FORMAT_LABELS, formatBytes, packFileName, periodLabel } from '../pack-period';
import {
  DELIVERY_STATUS_COLOURS,
  DELIVERY_STATUS_LABELS,
  isActiveRun,
  RUN_STATUS_LABELS,
  RUN_TRIGGER_LABELS,
} from '../run-labels';
import { RunStatus } from './run-status';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/**
 * Generate: the pack for the chosen period as PDF and/or Excel, mailed to the recipients when asked; the run is
 * followed until done. Below, every run of the pack with its files to download and each delivery's outcome.
 */
export function GeneratePanel(props: { pack: PackRef; saved: Pack; period: string | undefined; dirty: boolean }) {
  const { pack, saved, period } = props;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [deliver, setDeliver] = useState(false);
  const [runId, setRunId] = useState<string>();
  const generate = useGeneratePack(pack);
  const current = usePackRun(pack, runId);
  const runs = usePackRuns(pack);
  const download = useDownloadPackFile(pack);
  const noRecipients = saved.recipients.length === 0;

  // A run that has just finished: the list and the packs' last runs show its outcome.
  const finished = current.data && !isActiveRun(current.data) ? current.data.status : undefined;
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: packRunsQueryKey(pack) });
    void queryClient.invalidateQueries({ queryKey: packListQueryKey(pack.organizationId) });
  }, [finished, pack, queryClient]);

  const onGenerate = () =>
    period &&
    generate.mutate(
      { period, deliver: deliver && !noRecipients },
      {
        onSuccess: (id) => {
          setRunId(id);
          void message.success(m.generateQueued);
        },
      },
    );

  const columns: TableColumnsType<PackRun> = [
    {
      title: 'Period',
      key: 'period',
      render: (_, run) => (
        <Flex vertical gap={2}>
          <span style={{ whiteSpace: 'nowrap' }}>{periodLabel(run.period)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {RUN_TRIGGER_LABELS[run.trigger]}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Status', key: 'status', render: (_, run) => <RunStatus run={run} /> },
    {
      title: 'When',
      key: 'when',
      render: (_, run) => (
        <Tooltip title={`Queued ${when(run.queuedAt)}${run.finishedAt ? `, finished ${when(run.finishedAt)}` : ''}`}>
          <span style={{ whiteSpace: 'nowrap' }}>{when(run.finishedAt ?? run.queuedAt)}</span>
        </Tooltip>
      ),
    },
    {
      title: 'Files',
      key: 'files',
      render: (_, run) =>
        run.files.length === 0 ? (
          '—'
        ) : (
          <Space wrap>
            {run.files.map((file) => {
              const label = FORMAT_LABELS[file.format];
              const detail = `${file.pages} ${file.format === 'pdf' ? 'pages' : 'sheets'}, ${formatBytes(file.bytes)}`;
              return (
                <Tooltip key={file.format} title={detail}>
                  <Button
                    size="small"
                    icon={file.format === 'pdf' ? <FilePdfOutlined /> : <FileExcelOutlined />}
                    aria-label={`Download ${label} of ${periodLabel(run.period)}`}
                    loading={
                      download.isPending &&
                      download.variables?.runId === run.id &&
                      download.variables.format === file.format
                    }
                    onClick={() =>
                      download.mutate(
                        {
                          runId: run.id,
                          format: file.format,
                          url: file.url,
                          fileName: packFileName(saved.name, run.period, file.format),
                        },
                        { onError: (error) => void message.error(error.message) },
                      )
                    }
                  >
                    {label} <DownloadOutlined />
                  </Button>
                </Tooltip>
              );
            })}
          </Space>
        ),
    },
    {
      title: 'Deliveries',
      key: 'deliveries',
      render: (_, run) =>
        run.deliveries.length === 0 ? (
          run.deliver ? (
            'Pending'
          ) : (
            '—'
          )
        ) : (
          <Flex vertical gap={2}>
            {run.deliveries.map((delivery) => (
              <span key={delivery.email}>
                <Typography.Text style={{ fontSize: 12 }}>{delivery.email}</Typography.Text>{' '}
                <Tooltip
                  title={
                    delivery.error ??
                    `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}${delivery.at ? `, ${when(delivery.at)}` : ''}`
                  }
                >
                  <Tag color={DELIVERY_STATUS_COLOURS[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</Tag>
                </Tooltip>
              </span>
            ))}
          </Flex>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={8}>
        <Typography.Text>
          Generates the saved pack for <strong>{period ? periodLabel(period) : '…'}</strong> (the period chosen above)
          as {saved.formats.map((format) => FORMAT_LABELS[format]).join(' and ')}.
        </Typography.Text>
        {props.dirty && (
          <Alert
            type="warning"
            showIcon
            title="The pack has unsaved changes: the files are made from the saved pack."
          />
        )}
        <Checkbox
          checked={deliver && !noRecipients}
          disabled={noRecipients}
          onChange={(e) => setDeliver(e.target.checked)}
        >
          E-mail the files to the recipients ({saved.recipients.length})
        </Checkbox>
        {noRecipients && (
          <Typography.Text type="secondary">Add recipients on the Recipients tab to e-mail the pack.</Typography.Text>
        )}
        <span>
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            disabled={!period}
            loading={generate.isPending}
            onClick={onGenerate}
          >
            Generate
          </Button>
        </span>
        {generate.isError && <Alert type="error" showIcon title={generate.error.message} />}
        {current.data && (
          <Alert
            type={current.data.status === 'succeeded' ? 'success' : current.data.status === 'failed' ? 'error' : 'info'}
            showIcon
            role="status"
            title={`${periodLabel(current.data.period)}: ${RUN_STATUS_LABELS[current.data.status]}`}
            description={
              isActiveRun(current.data) ? (
                <Progress percent={current.data.progress} size="small" aria-label="Generation progress" />
              ) : (
                (current.data.message ?? (current.data.status === 'failed' ? m.generateFailed : undefined))
              )
            }
          />
        )}
      </Flex>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Runs
        </Typography.Title>
        <Button size="small" icon={<ReloadOutlined />} loading={runs.isFetching} onClick={() => void runs.refetch()}>
          Refresh
        </Button>
      </Flex>
      {runs.isError && <Alert type="error" showIcon title={runs.error.message} />}
      <Table<PackRun>
        rowKey="id"
        size="small"
        aria-label="Runs"
        columns={columns}
        dataSource={runs.data ?? []}
        loading={runs.isPending}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="No runs yet" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
    </Flex>
  );
}
