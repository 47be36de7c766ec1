import { useEffect, useState } from 'react';
import { Button, Card, Flex, List, Progress, Tag, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useRowCount } from './api/get-row-count';
import { checklistMemory, checklistOf, type ChecklistStepKey } from './checklist';

const PROFIT_AND_LOSS = `/dashboard?name=${encodeURIComponent('Profit & Loss')}`;

/** What each step asks for, and where it is done. */
const HOW: Record<ChecklistStepKey, { text: string; links: { to: string; label: string }[] }> = {
  chart: {
    text: 'Upload your chart of accounts (a CSV, or an export from QuickBooks, Xero, Odoo, ERPNext or GnuCash), or connect your accounting system.',
    links: [
      { to: '/file-upload', label: 'Upload files' },
      { to: '/apps', label: 'Connect an app' },
    ],
  },
  ledger: {
    text: 'Upload your general ledger (journal lines or a General Ledger report), then run its pipeline below; or sync it from your accounting system.',
    links: [
      { to: '/file-upload', label: 'Upload files' },
      { to: '/apps', label: 'Connect an app' },
    ],
  },
  budgets: {
    text: 'Optional: upload budgets to compare them with the actuals.',
    links: [{ to: '/file-upload', label: 'Upload files' }],
  },
  'profit-and-loss': {
    text: 'Read your first statement: income, expenses and net income by month.',
    links: [{ to: PROFIT_AND_LOSS, label: 'Open Profit & Loss' }],
  },
};

/**
 * Getting started: a new organization's checklist on its landing page — chart of accounts, general ledger,
 * budgets (optional), Profit & Loss — each step a link, ticked when the organization's data says it is
 * done. It goes away once every step is done, or when hidden; an organization whose chart and ledger were
 * already loaded when it was first shown never gets it.
 */
export function GettingStarted({ organizationId }: { organizationId: string }) {
  const [hidden, setHidden] = useState(() => checklistMemory.hidden(organizationId));
  const [opened, setOpened] = useState(() => checklistMemory.opened(organizationId));
  const accounts = useRowCount(organizationId, '01_Account', !hidden);
  const ledger = useRowCount(organizationId, '02_GL_Detail', !hidden);
  const budgets = useRowCount(organizationId, '03_Budget', !hidden);
  const known = accounts.data !== undefined && ledger.data !== undefined;
  // An organization whose books were already there when its checklist was first asked for is no new one.
  const established = known && !checklistMemory.started(organizationId) && accounts.data > 0 && ledger.data > 0;
  useEffect(() => {
    if (!known || hidden) return;
    // Remembered for the next visit (this one already shows nothing).
    if (established) checklistMemory.hide(organizationId);
    else checklistMemory.start(organizationId);
  }, [known, hidden, established, organizationId]);
  if (hidden || established || accounts.data === undefined || ledger.data === undefined) return null;

  const { steps, complete } = checklistOf({
    accounts: accounts.data,
    ledgerLines: ledger.data,
    budgetLines: budgets.data ?? 0,
    profitAndLossOpened: opened,
  });
  if (complete) return null;
  const required = steps.filter((step) => !step.optional);
  const hide = () => {
    checklistMemory.hide(organizationId);
    setHidden(true);
  };

  return (
    <Card
      title="Getting started"
      aria-label="Getting started"
      role="region"
      style={{ marginBottom: 16 }}
      extra={
        <Button type="link" onClick={hide}>
          Hide the checklist
        </Button>
      }
    >
      <Progress
        percent={Math.round((required.filter((step) => step.done).length / required.length) * 100)}
        size="small"
        aria-label="Steps done"
      />
      <List
        dataSource={steps}
        renderItem={(step) => (
          <List.Item aria-label={`${step.title}: ${step.done ? 'done' : 'to do'}`}>
            <List.Item.Meta
              avatar={
                step.done ? (
                  <CheckCircleFilled style={{ color: '#52c41a', fontSize: 20 }} aria-hidden />
                ) : (
                  <ClockCircleOutlined style={{ fontSize: 20 }} aria-hidden />
                )
              }
              title={
                <Flex gap={8} align="center" wrap>
                  <Typography.Text delete={step.done}>{step.title}</Typography.Text>
                  {step.optional && <Tag>optional</Tag>}
                  {step.done && <Tag color="success">done</Tag>}
                </Flex>
              }
              description={
                <Flex vertical gap={4}>
                  <span>{HOW[step.key].text}</span>
                  <Flex gap={12} wrap>
                    {HOW[step.key].links.map((link) => (
                      <Link
                        key={link.to}
                        to={link.to}
                        onClick={() => {
                          if (step.key !== 'profit-and-loss') return;
                          checklistMemory.markOpened(organizationId);
                          setOpened(true);
                        }}
                      >
                        {link.label}
                      </Link>
                    ))}
                  </Flex>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
