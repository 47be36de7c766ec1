import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { ROLES, type Role } from '@finboard/shared/constants';
import { ROLE_LABELS } from '../user-labels';
import { FilterForm } from '../../../components/filter-form';
import { OrganizationSelect } from '../../../components/organization-select';

export interface UserFilters {
  name?: string;
  email?: string;
  organization_id?: string;
  role?: Role;
}

/** Filter Users (spec §2): applied on 'Apply Filter', all removed on 'Clear Filter'. */
export function FilterUsers(props: { value: UserFilters; onApply: (filters: UserFilters) => void }) {
  const [form] = Form.useForm<UserFilters>();
  const { value } = props;

  // The address is the source of truth: back/forward and links update the fields.
  useEffect(() => {
    form.setFieldsValue({
      name: value.name,
      email: value.email,
      organization_id: value.organization_id,
      role: value.role,
    });
  }, [form, value.name, value.email, value.organization_id, value.role]);

  return (
    <FilterForm<UserFilters>
      title="Filter Users"
      name="filterUsers"
      form={form}
      onApply={props.onApply}
      onClear={() => props.onApply({})}
    >
      <Form.Item label="Name" name="name">
        <Input allowClear placeholder="Any name" />
      </Form.Item>
      <Form.Item label="E-mail" name="email">
        <Input allowClear placeholder="Any e-mail" />
      </Form.Item>
      <Form.Item label="Organization" name="organization_id">
        <OrganizationSelect allowClear placeholder="Any organization" style={{ width: 220 }} />
      </Form.Item>
      <Form.Item label="Role" name="role">
        <Select
          allowClear
          placeholder="Any role"
          style={{ width: 140 }}
          options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        />
      </Form.Item>
    </FilterForm>
  );
}
