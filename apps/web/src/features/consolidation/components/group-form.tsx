import { useState, type ComponentType } from 'react';
import { Alert, App, Button, DatePicker, Flex, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { CURRENCY_CODES } from '@finboard/shared/currencies';
import {
  consolidationGroupInputSchema,
  consolidationMemberSchema,
  eliminationRuleSchema,
  type ConsolidationGroup,
} from '@finboard/shared/consolidation';
import { messages } from '@finboard/shared/messages';
import { OrganizationSelect } from '../../../components/organization-select';
import { ApiError } from '../../../lib/api-client';
import { zodRule } from '../../../lib/form-rules';
import { useOrganizationOption } from '../../../lib/organization-options';
import { useCreateGroup } from '../api/create-group';
import { useUpdateGroup } from '../api/update-group';
import {
  groupErrors,
  groupInputOf,
  initialGroupValues,
  isTableError,
  newMemberRow,
  newRuleRow,
  serverFieldErrors,
  type FieldError,
  type GroupFormValues,
} from '../group-form';

const MONTH = 'YYYY-MM';
const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code }));
const shape = consolidationGroupInputSchema.shape;
const member = consolidationMemberSchema.shape;
const rule = eliminationRuleSchema.shape;

/** What an elimination rule's account field gets; the app shell may offer the parent's chart of accounts. */
export interface AccountFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  'aria-label': string;
  /** The parent organization, whose chart of accounts the group reads its account names from. */
  organizationId?: string;
}

function PlainAccountField({ organizationId: _organizationId, onChange, ...props }: AccountFieldProps) {
  return <Input {...props} maxLength={200} onChange={(event) => onChange?.(event.target.value)} />;
}

type TableErrors = Partial<Record<'members' | 'eliminationRules', string>>;

/**
 * The group editor (new or existing): name, reporting currency, parent (one of the members), the members with
 * their ownership and the month they joined, and the elimination rules. Checked with the API's own schema and
 * messages before it is sent; the API's refusals land on their fields too.
 */
export function GroupForm(props: {
  group?: ConsolidationGroup;
  accountField?: ComponentType<AccountFieldProps>;
  onSaved: (group: ConsolidationGroup) => void;
  onCancel?: () => void;
}) {
  const { group, onSaved } = props;
  const AccountField = props.accountField ?? PlainAccountField;
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  const [tableErrors, setTableErrors] = useState<TableErrors>({});
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const mutation = group ? update : create;
  const members = Form.useWatch('members', form) ?? [];
  const parentId = Form.useWatch('parentOrganizationId', form);

  const known = new Map(group?.members.map((m) => [m.organizationId, m.organizationName]));
  const memberIds = [...new Set(members.map((row) => row?.organizationId).filter((id): id is string => !!id))];
  const parentOptions = memberIds.map((id) => ({ value: id, label: <OrganizationName id={id} known={known} /> }));

  const showErrors = (errors: FieldError[]) => {
    const cells = errors.filter((error) => !isTableError(error));
    // The paths come from the schema of these very values (or the API's errors about them).
    form.setFields(cells.map((error) => ({ name: error.name as never, errors: [error.message] })));
    const tables: TableErrors = {};
    for (const error of errors.filter(isTableError)) tables[error.name[0] as keyof TableErrors] ??= error.message;
    setTableErrors(tables);
  };

  const onFinish = (values: GroupFormValues) => {
    const errors = groupErrors(values);
    showErrors(errors);
    if (errors.length > 0) {
      void message.error(messages.formFailed);
      return;
    }
    const done = {
      onSuccess: (response: { message: string; data: { group: ConsolidationGroup } }) => {
        void message.success(response.message);
        onSaved(response.data.group);
      },
      onError: (error: Error) => {
        if (error instanceof ApiError) showErrors(serverFieldErrors(error.errors));
      },
    };
    const body = groupInputOf(values);
    if (group) update.mutate({ groupId: group.id, body }, done);
    else create.mutate(body, done);
  };

  return (
    <Form<GroupFormValues>
      form={form}
      name="consolidation-group"
      layout="vertical"
      noValidate
      requiredMark
      initialValues={initialGroupValues(group)}
      onFinish={onFinish}
      onFinishFailed={() => void message.error(messages.formFailed)}
      onValuesChange={(changed: Partial<GroupFormValues>) => {
        // A table's own message (a member twice, a rule name twice) stands until that table changes.
        if (changed.members || changed.eliminationRules)
          setTableErrors((current) => ({
            ...current,
            ...(changed.members ? { members: undefined } : {}),
            ...(changed.eliminationRules ? { eliminationRules: undefined } : {}),
          }));
      }}
      disabled={mutation.isPending}
      scrollToFirstError
      style={{ maxWidth: 1100 }}
    >
      {mutation.error && (
        <Alert type="error" role="alert" showIcon title={mutation.error.message} style={{ marginBottom: 16 }} />
      )}
      <Flex gap={16} wrap>
        <Form.Item label="Group name" name="name" required rules={[zodRule(shape.name)]} style={{ flex: '2 1 280px' }}>
          <Input maxLength={100} autoFocus={!group} />
        </Form.Item>
        <Form.Item
          label="Reporting currency"
          name="reportingCurrency"
          required
          rules={[zodRule(shape.reportingCurrency)]}
          style={{ flex: '1 1 160px' }}
        >
          <Select showSearch options={CURRENCY_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="Parent organization"
          name="parentOrganizationId"
          required
          extra="One of the members: its users read the group's statements, and its calendar and layout are the group's."
          style={{ flex: '2 1 280px' }}
        >
          <Select
            placeholder={memberIds.length === 0 ? 'Add the members first' : 'Choose among the members'}
            options={parentOptions}
            notFoundContent="Add the members first"
          />
        </Form.Item>
      </Flex>

      <Typography.Title level={5}>Members</Typography.Title>
      {tableErrors.members && <Alert type="error" showIcon title={tableErrors.members} style={{ marginBottom: 8 }} />}
      <Form.List name="members">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ marginBottom: 24 }}>
            <Table
              size="small"
              aria-label="Members"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: 'Organization',
                  key: 'organization',
                  render: (_, field, index) => (
                    <Form.Item
                      name={[field.name, 'organizationId']}
                      rules={[zodRule(member.organizationId)]}
                      style={{ margin: 0 }}
                    >
                      <OrganizationSelect aria-label={`Member ${index + 1} organization`} style={{ width: 260 }} />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Entity (optional)',
                  key: 'entity',
                  render: (_, field, index) => (
                    <Form.Item name={[field.name, 'entity']} rules={[zodRule(member.entity)]} style={{ margin: 0 }}>
                      <Input
                        aria-label={`Member ${index + 1} entity`}
                        placeholder="The whole organization"
                        maxLength={200}
                        style={{ width: 200 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Ownership %',
                  key: 'ownership',
                  render: (_, field, index) => (
                    <Form.Item
                      name={[field.name, 'ownershipPct']}
                      rules={[zodRule(member.ownershipPct)]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber
                        aria-label={`Member ${index + 1} ownership %`}
                        min={0}
                        max={100}
                        style={{ width: 110 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Joined (acquisition month)',
                  key: 'joined',
                  render: (_, field, index) => (
                    <Form.Item
                      name={[field.name, 'joinedPeriod']}
                      rules={[zodRule(member.joinedPeriod)]}
                      getValueProps={(value?: string) => ({ value: value ? dayjs(value, MONTH) : null })}
                      normalize={(value?: Dayjs | null) => (value ? value.format(MONTH) : '')}
                      style={{ margin: 0 }}
                    >
                      <DatePicker
                        picker="month"
                        format={MONTH}
                        placeholder={MONTH}
                        aria-label={`Member ${index + 1} joined period`}
                        style={{ width: 140 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '',
                  key: 'remove',
                  render: (_, field, index) => (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove member ${index + 1}`}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                    />
                  ),
                },
              ]}
            />
            <span>
              <Button icon={<PlusOutlined />} onClick={() => add(newMemberRow())}>
                Add member
              </Button>
            </span>
          </Flex>
        )}
      </Form.List>

      <Typography.Title level={5}>Elimination rules</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        Between every two members, what one holds on account A on lines whose counterparty names the other is eliminated
        against what the other holds on account B on lines whose counterparty names the first. What does not cancel is
        shown as unmatched intercompany, never hidden.
      </Typography.Paragraph>
      {tableErrors.eliminationRules && (
        <Alert type="error" showIcon title={tableErrors.eliminationRules} style={{ marginBottom: 8 }} />
      )}
      <Form.List name="eliminationRules">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ marginBottom: 24 }}>
            <Table
              size="small"
              aria-label="Elimination rules"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'No rules: nothing is eliminated' }}
              columns={[
                {
                  title: 'Rule',
                  key: 'name',
                  render: (_, field, index) => (
                    <Form.Item name={[field.name, 'name']} rules={[zodRule(rule.name)]} style={{ margin: 0 }}>
                      <Input aria-label={`Rule ${index + 1} name`} maxLength={100} style={{ width: 220 }} />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Account A',
                  key: 'accountA',
                  render: (_, field, index) => (
                    <Form.Item name={[field.name, 'accountA']} rules={[zodRule(rule.accountA)]} style={{ margin: 0 }}>
                      <AccountField aria-label={`Rule ${index + 1} account A`} organizationId={parentId} />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Account B',
                  key: 'accountB',
                  render: (_, field, index) => (
                    <Form.Item name={[field.name, 'accountB']} rules={[zodRule(rule.accountB)]} style={{ margin: 0 }}>
                      <AccountField aria-label={`Rule ${index + 1} account B`} organizationId={parentId} />
                    </Form.Item>
                  ),
                },
                {
                  title: '',
                  key: 'remove',
                  render: (_, field, index) => (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove rule ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  ),
                },
              ]}
            />
            <span>
              <Button icon={<PlusOutlined />} onClick={() => add(newRuleRow())}>
                Add rule
              </Button>
            </span>
          </Flex>
        )}
      </Form.List>

      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {group ? 'Save group' : 'Create group'}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>Cancel</Button>}
      </Flex>
    </Form>
  );
}

/** A member's name in the parent picker: known from the group, else read from the organization's details. */
function OrganizationName({ id, known }: { id: string; known: Map<string, string> }) {
  const name = known.get(id);
  const option = useOrganizationOption(name ? undefined : id);
  return <>{name ?? option.data?.label ?? 'Loading...'}</>;
}
