import { useState } from 'react';
import { Alert, App, Button, Empty, Flex, Input, List, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, MailOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import {
  packRecipientInputSchema,
  reportPackMessages as m,
  type Pack,
  type PackRecipient,
} from '@finboard/shared/report-packs';
import { useCurrentUser } from '../../../lib/current-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRecipientUsers } from '../api/get-recipient-users';
import { useUpdatePack } from '../api/update-pack';
import type { PackRef } from '../api/report-pack-urls';

const MAX_RECIPIENTS = 50;
const sameRecipient = (a: PackRecipient, b: PackRecipient) =>
  a.userId !== null || b.userId !== null ? a.userId === b.userId : a.email.toLowerCase() === b.email.toLowerCase();

/**
 * Who receives the pack when it is delivered: users of the organization and outside e-mail addresses. An
 * administrator searches the organization's users; an organization user can add themselves (the users list is
 * an administrator's) and any address.
 */
export function RecipientsEditor(props: { pack: PackRef; saved: Pack }) {
  const { message } = App.useApp();
  const update = useUpdatePack(props.pack);
  const user = useCurrentUser().data;
  const isAdmin = user?.role === 'admin';
  const [edited, setEdited] = useState<PackRecipient[]>();
  const [search, setSearch] = useState('');
  const [email, setEmail] = useState('');
  const [emailProblem, setEmailProblem] = useState<string>();
  const recipients = edited ?? props.saved.recipients;
  const users = useRecipientUsers(props.pack.organizationId, useDebouncedValue(search.trim(), 300), isAdmin);

  const candidates: PackRecipient[] = isAdmin
    ? (users.data ?? []).map((candidate) => ({
        userId: candidate.id,
        email: candidate.email,
        name: candidate.fullName || null,
      }))
    : user
      ? [{ userId: user.id, email: user.email, name: user.fullName || null }]
      : [];
  const options = candidates
    .filter((candidate) => !recipients.some((recipient) => sameRecipient(recipient, candidate)))
    .map((candidate) => ({
      value: candidate.userId!,
      label: candidate.name ? `${candidate.name} (${candidate.email})` : candidate.email,
    }));
  const full = recipients.length >= MAX_RECIPIENTS;
  const changed =
    recipients.length !== props.saved.recipients.length ||
    recipients.some((recipient, index) => !sameRecipient(recipient, props.saved.recipients[index]!));

  const add = (recipient: PackRecipient) => setEdited([...recipients, recipient]);
  const addUser = (userId: string) => {
    const candidate = candidates.find((c) => c.userId === userId);
    if (candidate) add(candidate);
    setSearch('');
  };
  const addEmail = () => {
    const address = email.trim();
    const checked = packRecipientInputSchema.safeParse({ email: address });
    if (!checked.success) return setEmailProblem(m.recipientInvalid);
    const recipient = { userId: null, email: address, name: null };
    if (!recipients.some((existing) => sameRecipient(existing, recipient))) add(recipient);
    setEmail('');
    setEmailProblem(undefined);
  };
  const onSave = () =>
    update.mutate(
      { recipients: recipients.map((r) => (r.userId ? { userId: r.userId } : { email: r.email })) },
      {
        onSuccess: (response) => {
          setEdited(undefined);
          void message.success(response.message);
        },
      },
    );

  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }}>
      <Flex gap={8} wrap>
        <Select
          aria-label="Add a user of the organization"
          placeholder={isAdmin ? 'Add a user of the organization' : 'Add yourself'}
          showSearch={isAdmin ? { filterOption: false, onSearch: setSearch, searchValue: search } : undefined}
          value={null}
          disabled={full}
          loading={users.isFetching}
          options={options}
          onChange={(value: string | null) => value && addUser(value)}
          notFoundContent={users.error?.message ?? (users.isFetching ? 'Loading...' : 'No user to add')}
          style={{ flex: 1, minWidth: 240 }}
          suffixIcon={<UserOutlined />}
        />
      </Flex>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="E-mail address"
          placeholder="name@client.example"
          type="email"
          value={email}
          disabled={full}
          status={emailProblem ? 'error' : undefined}
          prefix={<MailOutlined />}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailProblem(undefined);
          }}
          onPressEnter={addEmail}
        />
        <Button icon={<PlusOutlined />} disabled={full || email.trim() === ''} onClick={addEmail}>
          Add e-mail
        </Button>
      </Space.Compact>
      {emailProblem && <Typography.Text type="danger">{emailProblem}</Typography.Text>}
      {full && <Typography.Text type="secondary">{m.recipientsTooMany}</Typography.Text>}
      <List
        bordered
        size="small"
        aria-label="Recipients"
        dataSource={recipients}
        locale={{ emptyText: <Empty description="No recipients yet" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        renderItem={(recipient) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`Remove ${recipient.email}`}
                onClick={() => setEdited(recipients.filter((r) => !sameRecipient(r, recipient)))}
              />,
            ]}
          >
            <Flex gap={8} align="center" wrap>
              {recipient.name && <Typography.Text strong>{recipient.name}</Typography.Text>}
              <Typography.Text>{recipient.email}</Typography.Text>
              <Tag>{recipient.userId ? 'User' : 'External'}</Tag>
            </Flex>
          </List.Item>
        )}
      />
      {update.isError && <Alert type="error" showIcon title={update.error.message} />}
      <Flex gap={8} justify="flex-end">
        <Button disabled={!edited || update.isPending} onClick={() => setEdited(undefined)}>
          Discard changes
        </Button>
        <Button type="primary" disabled={!changed} loading={update.isPending} onClick={onSave}>
          Save recipients
        </Button>
      </Flex>
    </Flex>
  );
}
