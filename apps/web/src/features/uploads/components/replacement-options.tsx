import { Alert, Checkbox, Flex, Spin, Table, Typography, type TableProps } from 'antd';
import type { ReplacedOrigin, ReplacePreview } from '@finboard/shared/pipelines';
import { replacementLabel } from '../replacement';
import type { ReplacementProposal } from '../use-replacement-proposals';

const count = (value: number) => value.toLocaleString('en-US');

const previewColumns: TableProps<ReplacedOrigin>['columns'] = [
  { key: 'origin', title: 'Loaded from', render: (_, origin) => origin.origin },
  { key: 'rows', title: 'Rows removed', align: 'right', width: 130, render: (_, origin) => count(origin.rows) },
  {
    key: 'edited',
    title: 'Studio edits among them',
    align: 'right',
    width: 190,
    render: (_, origin) => count(origin.edited),
  },
];

/**
 * How the chosen files load: each proposed as the replacement of the file of the same name, data type and
 * period loaded before (ticked; unticked, its rows are added), or — period-based types — the whole period
 * replaced, with what that removes shown at once.
 */
export function ReplacementOptions(props: {
  proposals: ReplacementProposal[];
  declined: ReadonlySet<string>;
  onDecline: (uid: string, declined: boolean) => void;
  periodBased: boolean;
  period: string | undefined;
  /** GL Detail: a period replace removes only the uploaded lines (manual and synced journals stay). */
  isGl: boolean;
  replacePeriods: boolean;
  onReplacePeriods: (replace: boolean) => void;
  preview: { data?: ReplacePreview; error: Error | null; isFetching: boolean };
  disabled: boolean;
}) {
  const { proposals, period, replacePeriods, preview } = props;
  if (proposals.length === 0 && !props.periodBased) return null;
  return (
    <section aria-label="How the files load" style={{ marginBottom: 24 }}>
      <Typography.Text strong>How the files load</Typography.Text>
      {!replacePeriods && proposals.length > 0 && (
        <Flex vertical gap={4} style={{ marginTop: 8 }}>
          {proposals.map((proposal) =>
            proposal.checking ? (
              <Typography.Text key={proposal.uid} type="secondary">
                <Spin size="small" /> Looking for an earlier upload of {proposal.name}…
              </Typography.Text>
            ) : proposal.error ? (
              <Alert
                key={proposal.uid}
                type="warning"
                showIcon
                title={`Could not check whether ${proposal.name} was loaded before: ${proposal.error.message}`}
                description="Its rows are added. If the ledger holds its journals already, the run says so and changes nothing."
              />
            ) : proposal.candidate ? (
              <Checkbox
                key={proposal.uid}
                checked={!props.declined.has(proposal.uid)}
                disabled={props.disabled}
                onChange={(event) => props.onDecline(proposal.uid, !event.target.checked)}
              >
                {replacementLabel(proposal.candidate)}
              </Checkbox>
            ) : (
              <Typography.Text key={proposal.uid} type="secondary">
                {proposal.name}: no earlier file of this name, data type and period — its rows are added.
              </Typography.Text>
            ),
          )}
        </Flex>
      )}
      {props.periodBased && (
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          <Checkbox
            checked={replacePeriods}
            disabled={props.disabled || !period}
            onChange={(event) => props.onReplacePeriods(event.target.checked)}
          >
            Replace the whole period{period ? ` ${period}` : ''}
          </Checkbox>
          {!period && <Typography.Text type="secondary">Choose the period above to replace it whole.</Typography.Text>}
          {replacePeriods && period && (
            <div role="region" aria-label={`What replacing ${period} removes`} aria-busy={preview.isFetching}>
              {preview.isFetching && !preview.data ? (
                <Typography.Text type="secondary">
                  <Spin size="small" /> Reading what {period} holds…
                </Typography.Text>
              ) : preview.error ? (
                <Alert type="error" role="alert" showIcon title={preview.error.message} />
              ) : preview.data && preview.data.rows === 0 ? (
                <Typography.Text>Replacing {period} removes nothing now.</Typography.Text>
              ) : preview.data ? (
                <>
                  <Typography.Paragraph style={{ marginBottom: 8 }}>
                    When the pipeline runs, these rows of {period} are removed and this upload&apos;s rows are loaded
                    instead.
                    {props.isGl && ' Only uploaded lines are replaced: manual and synced journals stay.'}
                  </Typography.Paragraph>
                  <Table<ReplacedOrigin>
                    rowKey="origin"
                    size="small"
                    columns={previewColumns}
                    dataSource={preview.data.removes}
                    pagination={false}
                    summary={() => (
                      <Table.Summary.Row>
                        <Table.Summary.Cell index={0}>
                          <Typography.Text strong>Total</Typography.Text>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={1} align="right">
                          <Typography.Text strong>{count(preview.data!.rows)}</Typography.Text>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={2} align="right">
                          <Typography.Text strong>{count(preview.data!.edited)}</Typography.Text>
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    )}
                  />
                </>
              ) : null}
            </div>
          )}
        </Flex>
      )}
    </section>
  );
}
