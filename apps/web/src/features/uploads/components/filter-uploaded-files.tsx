import { Form, Input, Select } from 'antd';
import type { UploadedFileStatus } from '@finboard/shared/uploads';
import { FilterForm } from '../../../components/filter-form';
import { STATUS_OPTIONS } from '../uploaded-file-status';

export interface UploadedFileFilters {
  name?: string;
  status?: UploadedFileStatus;
  dataTypeId?: string;
}

/** Filter Files: applied on 'Apply Filter', all removed on 'Clear Filter' (filtered on the server). */
export function FilterUploadedFiles(props: {
  dataTypes: { value: string; label: string }[];
  onApply: (filters: UploadedFileFilters) => void;
}) {
  return (
    <FilterForm<UploadedFileFilters>
      title="Filter Files"
      name="filterUploadedFiles"
      onApply={(filters) =>
        props.onApply({
          name: filters.name?.trim() || undefined,
          status: filters.status,
          dataTypeId: filters.dataTypeId,
        })
      }
      onClear={() => props.onApply({})}
    >
      <Form.Item label="File name" name="name">
        <Input allowClear placeholder="Any name" maxLength={200} />
      </Form.Item>
      <Form.Item label="Status" name="status">
        <Select allowClear placeholder="Any status" style={{ width: 160 }} options={STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item label="Data type" name="dataTypeId">
        <Select allowClear placeholder="Any data type" style={{ width: 200 }} options={props.dataTypes} />
      </Form.Item>
    </FilterForm>
  );
}
