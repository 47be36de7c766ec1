import { Form, Input, Select } from 'antd';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import { FilterForm } from '../../../components/filter-form';
import { targetTableOptions } from '../data-type-labels';

export interface DataTypeFilters {
  name?: string;
  targetTable?: WarehouseTable;
}

/** Filter Data Types (spec §2): applied on 'Apply Filter', all removed on 'Clear Filter'. */
export function FilterDataTypes(props: { onApply: (filters: DataTypeFilters) => void }) {
  return (
    <FilterForm<DataTypeFilters>
      title="Filter Data Types"
      name="filterDataTypes"
      onApply={(filters) =>
        props.onApply({ name: filters.name?.trim() || undefined, targetTable: filters.targetTable })
      }
      onClear={() => props.onApply({})}
    >
      <Form.Item label="Name" name="name">
        <Input allowClear placeholder="Any name" maxLength={200} />
      </Form.Item>
      <Form.Item label="Target table" name="targetTable">
        <Select allowClear placeholder="Any table" style={{ width: 200 }} options={targetTableOptions} />
      </Form.Item>
    </FilterForm>
  );
}
