import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useOrganizationDetail } from '../api/get-organization-detail';
import { useOrganizationOptions } from '../api/get-organization-options';

const SEARCH_DELAY_MS = 300;

/**
 * Picks an organization by name, searching on the server as one types (there may be thousands).
 * Works as an antd Form control (`value` / `onChange`).
 */
export function OrganizationSelect(props: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
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
  const chosen = useOrganizationDetail(chosenListed ? undefined : props.value);
  const shown = !chosenListed && chosen.data ? [{ value: chosen.data.id, label: chosen.data.name }, ...listed] : listed;

  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={(value?: string) => props.onChange?.(value)}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      style={props.style}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => !open && setTyped('')}
      loading={options.isFetching}
      options={shown}
      notFoundContent={options.error?.message ?? (options.isFetching ? 'Loading...' : 'No organization found')}
    />
  );
}
