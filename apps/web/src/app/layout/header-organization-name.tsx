import { Tooltip, Typography } from 'antd';
import { TOOLTIP_MAX_WIDTH } from '@finboard/shared/constants';
import { ORGANIZATION_NAME_STYLES, organizationNameLength } from './organization-name';

const FALLBACK = 'Organization';

/** Spec §2: the organization's name with a tooltip of the full name, styled by its length. */
export function HeaderOrganizationName({ name }: { name: string | null | undefined }) {
  const shown = name?.trim() || FALLBACK;
  const length = organizationNameLength(shown);
  return (
    <Tooltip title={shown} styles={{ root: { maxWidth: TOOLTIP_MAX_WIDTH } }}>
      <Typography.Text
        data-length={length}
        style={{ ...ORGANIZATION_NAME_STYLES[length], display: 'inline-block', color: '#1e293b' }}
      >
        {shown}
      </Typography.Text>
    </Tooltip>
  );
}
