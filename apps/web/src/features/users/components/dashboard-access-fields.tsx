import { Form, Radio, Select } from 'antd';
import { dashboardMessages, type Dashboard } from '@finboard/shared/dashboards';
import { ALL_DASHBOARDS_LABEL, CHOSEN_DASHBOARDS_LABEL, type DashboardAccess } from '../dashboard-access';

/**
 * Add / Edit User's "Dashboards" choice, as form items named `dashboardAccess` and `dashboards`. A user who
 * sees all keeps seeing the dashboards added to the organization later; a chosen list does not grow.
 */
export function DashboardAccessFields(props: {
  organizationName: string | null | undefined;
  /** The organization's dashboards; undefined while loading. */
  dashboards: Dashboard[] | undefined;
  dashboardsError?: Error | null;
}) {
  const access = Form.useWatch<DashboardAccess | undefined>('dashboardAccess');
  return (
    <>
      <Form.Item
        label="Dashboards"
        name="dashboardAccess"
        extra={`Which dashboards of ${props.organizationName ?? 'the organization'} this user sees.`}
      >
        <Radio.Group
          options={[
            { value: 'all', label: ALL_DASHBOARDS_LABEL },
            { value: 'chosen', label: CHOSEN_DASHBOARDS_LABEL },
          ]}
        />
      </Form.Item>
      {access === 'chosen' && (
        <Form.Item label="Chosen dashboards" name="dashboards">
          <Select
            mode="multiple"
            allowClear
            placeholder="No dashboards"
            loading={props.dashboards === undefined && !props.dashboardsError}
            options={(props.dashboards ?? []).map((dashboard) => ({ value: dashboard.id, label: dashboard.name }))}
            notFoundContent={props.dashboardsError?.message ?? dashboardMessages.noneAvailable}
            optionFilterProp="label"
          />
        </Form.Item>
      )}
    </>
  );
}
