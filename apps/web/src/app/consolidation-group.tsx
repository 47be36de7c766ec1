import { AutoComplete } from 'antd';
import { accountLabel } from '@finboard/shared/reports';
import ConsolidationGroupPage from '../features/consolidation/consolidation-group-page';
import type { StatementRenderers } from '../features/consolidation/components/consolidated-statements';
import type { AccountFieldProps } from '../features/consolidation/components/group-form';
import { ReportBody } from '../features/dashboards/components/builtin-report';
import { SectionTable } from '../features/dashboards/components/section-table';
import { DEFAULT_DISPLAY } from '../features/dashboards/report-display';
import { useAccounts } from '../features/data-management/api/get-accounts';

// A group has no GL lines of its own: its figures carry no drill-down (a member's are on its own statements).
const noDrill = () => undefined;

const renderers: StatementRenderers = {
  statement: (report, title) => (
    <ReportBody report={report} title={title} display={DEFAULT_DISPLAY} onDrill={noDrill} />
  ),
  section: (section, columnTitle) => (
    <SectionTable section={section} display={DEFAULT_DISPLAY} onDrill={noDrill} columnTitle={columnTitle} />
  ),
};

/** An elimination rule's account code: free text, offering the parent organization's chart of accounts. */
function ParentAccountField({ organizationId, onChange, ...props }: AccountFieldProps) {
  const accounts = useAccounts(organizationId);
  const typed = (props.value ?? '').trim().toLowerCase();
  const options = (accounts.data ?? [])
    .filter((account) => !typed || `${account.code} ${account.name}`.toLowerCase().includes(typed))
    .slice(0, 50)
    .map((account) => ({ value: account.code, label: accountLabel(account.code, account.name) }));
  return (
    <AutoComplete
      {...props}
      options={options}
      onChange={(value: string) => onChange?.(value)}
      style={{ width: 220 }}
      placeholder="Account code"
    />
  );
}

/** A group's pages drawn with the organization statements' own components, its rules offered the parent's accounts. */
export default function ConsolidationGroup() {
  return <ConsolidationGroupPage renderers={renderers} accountField={ParentAccountField} />;
}
