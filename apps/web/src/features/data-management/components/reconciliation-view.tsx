import { Alert, Empty, Spin, Table, Typography } from 'antd';
import { formatCents, journalMessages, signedCentsOf, type ReconciliationDifference } from '@finboard/shared/journals';
import { useReconciliation } from '../api/get-reconciliation';

const money = (amount: string) => formatCents(signedCentsOf(amount));
const amountColumn = (title: string, key: 'trialBalance' | 'ledger' | 'difference') => ({
  title,
  dataIndex: key,
  key,
  align: 'right' as const,
  render: (amount: string) => money(amount),
});

/**
 * Trial balance check (issue 9): read-only, the accounts of each period whose 04_Trial_Balance closing
 * balance differs from the balance the ledger gives (debit − credit), or a word that they all agree.
 */
export function ReconciliationView({ organizationId }: { organizationId: string }) {
  const differences = useReconciliation(organizationId);
  return (
    <>
      <Typography.Title level={4}>Trial balance check</Typography.Title>
      <Typography.Paragraph type="secondary">
        Closing balances of the trial balance compared with the balances computed from the ledger (debit − credit).
      </Typography.Paragraph>
      {differences.isLoading && <Spin />}
      {differences.error && <Alert type="error" role="alert" showIcon title={differences.error.message} />}
      {differences.data && differences.data.length === 0 && <Empty description={journalMessages.reconciled} />}
      {differences.data && differences.data.length > 0 && (
        <Table<ReconciliationDifference>
          size="small"
          rowKey={(row) => `${row.period}|${row.account_code}`}
          dataSource={differences.data}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          columns={[
            { title: 'Period', dataIndex: 'period', key: 'period' },
            { title: 'Account', dataIndex: 'account_code', key: 'account_code' },
            { title: 'Account name', dataIndex: 'account_name', key: 'account_name' },
            amountColumn('Trial balance', 'trialBalance'),
            amountColumn('Ledger', 'ledger'),
            amountColumn('Difference', 'difference'),
          ]}
        />
      )}
    </>
  );
}
