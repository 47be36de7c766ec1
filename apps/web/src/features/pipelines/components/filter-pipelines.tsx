import { DatePicker, Form, Input, Select } from 'antd';
import { FilterForm } from '../../../components/filter-form';
import { runStatusOptions } from '../run-labels';
import { runFiltersOf, type RunFilterForm, type RunFilters } from '../run-filters';

/** Filter Pipelines (spec §2): name, status and the days runs were queued; filtered on the server. */
export function FilterPipelines(props: { onApply: (filters: RunFilters) => void }) {
  return (
    <FilterForm<RunFilterForm>
      title="Filter Pipelines"
      name="filterPipelines"
      onApply={(values) => props.onApply(runFiltersOf(values))}
      onClear={() => props.onApply(runFiltersOf({}))}
    >
      <Form.Item label="Name" name="name">
        <Input allowClear placeholder="Any pipeline" maxLength={200} />
      </Form.Item>
      <Form.Item label="Status" name="status">
        <Select allowClear placeholder="Any status" style={{ width: 160 }} options={runStatusOptions} />
      </Form.Item>
      {/* A short label and a narrow picker, so the row fits a 390 px phone; the end input is named by its placeholder. */}
      <Form.Item label="Queued" name="queued" style={{ maxWidth: '100%' }}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={['From', 'To']}
          style={{ width: 240, maxWidth: '100%' }}
        />
      </Form.Item>
    </FilterForm>
  );
}
