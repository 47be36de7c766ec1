import { App, Alert, Button, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { reportPackMessages as m, type PackDocumentPage } from '@finboard/shared/report-packs';
import { usePackPreview } from '../api/preview-pack';
import { useSignOffTieOut } from '../api/sign-off-tie-out';
import type { PackRef } from '../api/report-pack-urls';
import { periodLabel } from '../pack-period';
import { TieOutTable } from './pack-preview';

const TIE_OUT_ONLY = [{ id: 'tie-out', kind: 'tie-out' as const }];

/**
 * The period's tie-out — the ledger against the trial balance — and its sign-off, whether or not the pack
 * prints a tie-out page (the preview of that page alone).
 */
export function TieOutPanel(props: { pack: PackRef; period: string | undefined }) {
  const { pack, period } = props;
  const { message } = App.useApp();
  const preview = usePackPreview(pack, period ? { period, pages: TIE_OUT_ONLY } : undefined);
  const signOff = useSignOffTieOut(pack, period ?? '');
  const page = preview.data?.pages.find(
    (candidate): candidate is Extract<PackDocumentPage, { kind: 'tie-out' }> => candidate.kind === 'tie-out',
  );

  if (!period || preview.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (preview.isError) return <Alert type="error" showIcon title={preview.error.message} />;
  if (!page || preview.data?.period !== period) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        The ledger against the trial balance for {periodLabel(period)}. Sign it off once it ties out; the pack’s tie-out
        page shows who did and when.
      </Typography.Text>
      {!page.balanced && <Alert type="warning" showIcon title={m.tieOutDifference} />}
      <TieOutTable page={page} />
      {signOff.isError && <Alert type="error" showIcon title={signOff.error.message} />}
      <span>
        <Popconfirm
          title={`Sign off the tie-out of ${periodLabel(period)}?`}
          description={page.balanced ? 'Your name and the time are recorded.' : m.tieOutDifference}
          okText="Sign off"
          onConfirm={() =>
            signOff.mutateAsync().then(
              (response) => void message.success(response.message),
              () => undefined,
            )
          }
        >
          <Button type="primary" icon={<CheckCircleOutlined />} loading={signOff.isPending}>
            {page.signedOff ? 'Sign off again' : 'Sign off the tie-out'}
          </Button>
        </Popconfirm>
      </span>
    </Flex>
  );
}
