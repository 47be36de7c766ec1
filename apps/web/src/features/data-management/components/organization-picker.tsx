import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useOrganizationOptions } from '../api/get-organization-options';

const SEARCH_DELAY_MS = 300;

/** The admin's organization choice: searched on the server by name as one types. */
export function OrganizationPicker(props: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useOrganizationOptions(search, true);

  return (
    <Select
      aria-label="Organization"
      value={props.value}
      onChange={(value?: string) => props.onChange(value)}
      allowClear
      placeholder="Select an organization"
      style={{ width: 320 }}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => !open && setTyped('')}
      loading={options.isFetching}
      options={options.data ?? []}
      notFoundContent={options.error?.message ?? (options.isFetching ? 'Loading...' : 'No organization found')}
    />
  );
}
