import { useEffect, useState, type CSSProperties } from 'react';
import { Flex, Select, Typography } from 'antd';
import { useOrganizationOptions, useOrganizationOption } from '../lib/organization-options';

const SEARCH_DELAY_MS = 300;

/**
 * Picks an organization by name, searching on the server as one types (there may be thousands).
 * Works alone or as an antd Form control (`value` / `onChange`).
 */
export function OrganizationSelect(props: {
  id?: string;
  'aria-label'?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const options = useOrganizationOptions(search);
  const listed = options.data ?? [];
  // A chosen organization outside the listed page (e.g. preselected by a link) still shows its name.
  const chosenListed = !props.value || listed.some((option) => option.value === props.value);
  const chosen = useOrganizationOption(chosenListed ? undefined : props.value);
  const shown = !chosenListed && chosen.data ? [chosen.data, ...listed] : listed;

  return (
    <Select
      id={props.id}
      aria-label={props['aria-label']}
      value={props.value}
      onChange={(value?: string) => props.onChange?.(value)}
      allowClear={props.allowClear}
      placeholder={props.placeholder ?? 'Select an organization'}
      style={props.style}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => !open && setTyped('')}
      loading={options.isFetching}
      options={shown}
      notFoundContent={options.error?.message ?? (options.isFetching ? 'Loading...' : 'No organization found')}
    />
  );
}

/** An administrator's choice of organization, above a page that works on one organization. */
export function AdminOrganizationPicker(props: { value?: string; onChange: (value: string | undefined) => void }) {
  return (
    <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
      <Typography.Text>Organization</Typography.Text>
      <OrganizationSelect
        aria-label="Organization"
        allowClear
        style={{ width: 320 }}
        value={props.value}
        onChange={props.onChange}
      />
    </Flex>
  );
}
