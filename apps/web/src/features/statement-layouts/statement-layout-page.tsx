import { useState } from 'react';
import { useBlocker } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Modal,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  Typography,
} from 'antd';
import {
  STATEMENT_OF_TYPE,
  statementLayoutMessages as m,
  type StatementLayout,
} from '@finboard/shared/statement-layouts';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { SortableList } from '../../components/sortable-list';
import { ApiError } from '../../lib/api-client';
import { useOrganizationInUrl } from '../../lib/page-organization';
import { useSaveStatementLayout, useStatementLayout } from './api/statement-layout';
import {
  isChanged,
  lineKeyOf,
  moveAccount,
  movedAccounts,
  reorderAccount,
  saveBodyOf,
  type LayoutLines,
} from './layout-draft';

const TYPE_LABELS = {
  revenue: 'Revenue',
  expense: 'Expenses',
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
} as const;
const STATEMENTS = [
  { key: 'profitAndLoss', label: 'Profit & Loss' },
  { key: 'balanceSheet', label: 'Balance Sheet' },
] as const;

/**
 * /statement-layout (issue 25 §1): which accounts go to which line of the organization's Profit & Loss and
 * Balance Sheet, and in which order. Drag an account (pointer or keyboard) to reorder it within its line;
 * choose another line to move it there. Nothing is written until Save, which every statement then follows.
 */
export default function StatementLayoutPage() {
  const { isAdmin, picked, organizationId, pick } = useOrganizationInUrl();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Statement Layout
      </Typography.Title>
      {isAdmin && <AdminOrganizationPicker value={picked} onChange={pick} />}
      {organizationId ? (
        <LayoutEditor key={organizationId} organizationId={organizationId} />
      ) : (
        isAdmin && <Empty description="Choose an organization to see its statement layout" />
      )}
    </Flex>
  );
}

function LayoutEditor({ organizationId }: { organizationId: string }) {
  const { message } = App.useApp();
  const layout = useStatementLayout(organizationId);
  const save = useSaveStatementLayout(organizationId);
  // The draft belongs to the layout it was made from: a new answer of the server (a save, a reload) starts over.
  const [draft, setDraftOf] = useState<{ of?: StatementLayout; lines?: LayoutLines }>({});
  const draftLines = draft.of === layout.data ? draft.lines : undefined;
  const setDraft = (lines: LayoutLines | undefined) => setDraftOf({ of: layout.data, lines });
  const changed = Boolean(layout.data && draftLines && isChanged(layout.data.lines, draftLines));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname,
  );

  if (layout.isPending) return <Spin style={{ display: 'block', margin: 48 }} tip="Loading..." />;
  if (layout.isError)
    return (
      <Result
        status="error"
        title={layout.error.message || m.loadFailed}
        extra={<Button onClick={() => void layout.refetch()}>Try again</Button>}
      />
    );
  const saved = layout.data;
  const lines = draftLines ?? saved.lines;
  const moves = movedAccounts(saved.lines, lines);
  const stale = save.error instanceof ApiError && save.error.status === 409;

  const onSave = () =>
    save.mutate(saveBodyOf(saved.version, lines), {
      onSuccess: (response) => void message.success(response.message),
    });

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 900 }}>
        Each line of the Profit &amp; Loss and the Balance Sheet is a standard account subtype; its subtotal and the
        statement&apos;s totals follow the accounts on it. Drag an account by its handle to change its order on its
        line, or choose another line of its type to move it there; then save. Every statement and the KPIs read the
        saved layout, and Chat DB reads the moved accounts' subtypes.
      </Typography.Paragraph>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {saved.version === 0
            ? 'Default layout, from the accounts’ subtypes'
            : `Version ${saved.version}, saved${saved.updatedBy ? ` by ${saved.updatedBy}` : ''}${
                saved.updatedAt
                  ? ` on ${new Date(saved.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`
                  : ''
              }`}
        </Typography.Text>
        <Space wrap>
          <Button disabled={!changed || save.isPending} onClick={() => setDraft(undefined)}>
            Discard changes
          </Button>
          <Button type="primary" disabled={!changed} loading={save.isPending} onClick={onSave}>
            Save layout
          </Button>
        </Space>
      </Flex>
      {save.isError && (
        <Alert
          type="error"
          showIcon
          message={save.error.message}
          action={
            stale ? (
              <Button
                size="small"
                onClick={() => {
                  save.reset();
                  void layout.refetch();
                }}
              >
                Reload
              </Button>
            ) : undefined
          }
        />
      )}
      {changed && (
        <Alert
          type="info"
          showIcon
          message={
            moves.length === 0
              ? 'Unsaved changes: the order of accounts.'
              : `Unsaved changes: ${moves.map((move) => `${move.label} to ${move.to}`).join('; ')}.`
          }
        />
      )}
      <Tabs
        items={STATEMENTS.map((statement) => ({
          key: statement.key,
          label: statement.label,
          children: (
            <StatementLines
              lines={lines.filter((line) => STATEMENT_OF_TYPE[line.type] === statement.key)}
              onMove={(code, toKey) => setDraft(moveAccount(lines, code, toKey))}
              onReorder={(active, over) => setDraft(reorderAccount(lines, active, over))}
            />
          ),
        }))}
      />
      <Modal
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        okText="Leave"
        cancelText="Stay"
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        The layout has changes that are not saved.
      </Modal>
    </Flex>
  );
}

/** One statement's lines, type by type: each line a card of its accounts, even when it has none. */
function StatementLines(props: {
  lines: LayoutLines;
  onMove: (code: string, toKey: string) => void;
  onReorder: (activeCode: string, overCode: string) => void;
}) {
  const types = [...new Set(props.lines.map((line) => line.type))];
  return (
    <Flex vertical gap={24}>
      {types.map((type) => {
        const ofType = props.lines.filter((line) => line.type === type);
        const targets = ofType
          .filter((line) => line.subtype !== null)
          .map((line) => ({ value: lineKeyOf(line), label: line.label }));
        return (
          <section key={type} aria-label={TYPE_LABELS[type]}>
            <Typography.Title level={4}>{TYPE_LABELS[type]}</Typography.Title>
            <Row gutter={[16, 16]}>
              {ofType.map((line) => (
                <Col key={lineKeyOf(line)} xs={24} lg={12} xxl={8}>
                  <Card
                    size="small"
                    title={line.label}
                    extra={<Typography.Text type="secondary">{line.accounts.length}</Typography.Text>}
                    role="group"
                    aria-label={`Line ${line.label}`}
                  >
                    {line.accounts.length === 0 ? (
                      <Typography.Text type="secondary">No accounts</Typography.Text>
                    ) : (
                      <SortableList
                        items={line.accounts}
                        idOf={(account) => account.code}
                        nameOf={(account) => account.label}
                        label={`Accounts on ${line.label}`}
                        handleLabel={(name) => `Move ${name}`}
                        onMove={props.onReorder}
                        renderItem={(account, _index, handle) => (
                          <Flex align="center" gap={8} style={{ padding: '4px 0' }}>
                            {handle}
                            <Typography.Text
                              className="layout-account"
                              style={{ flex: 1, minWidth: 0 }}
                              ellipsis={{ tooltip: account.label }}
                            >
                              {account.label}
                            </Typography.Text>
                            <Select
                              size="small"
                              aria-label={`Line of ${account.label}`}
                              style={{ width: 200 }}
                              value={lineKeyOf(line)}
                              options={
                                line.subtype === null
                                  ? [{ value: lineKeyOf(line), label: line.label }, ...targets]
                                  : targets
                              }
                              onChange={(toKey: string) => props.onMove(account.code, toKey)}
                            />
                          </Flex>
                        )}
                      />
                    )}
                  </Card>
                </Col>
              ))}
            </Row>
          </section>
        );
      })}
    </Flex>
  );
}
