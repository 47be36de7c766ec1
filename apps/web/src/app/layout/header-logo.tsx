import { useState } from 'react';
import { Link } from 'react-router';
import { LOGO_HEIGHT, LOGO_WIDTH, PRODUCT_NAME } from '@finboard/shared/constants';

export const DEFAULT_LOGO = '/finboard-logo.svg';

/** Shown on compact screens, where 180 px would leave no room for the menu button and the avatar. */
const COMPACT_SCALE = 2 / 3;

/** Spec §2/§4: 180x36, 'Loading...' until the image loads, the default logo if it fails. */
export function HeaderLogo({ src, to, compact = false }: { src: string; to: string; compact?: boolean }) {
  const width = compact ? LOGO_WIDTH * COMPACT_SCALE : LOGO_WIDTH;
  const height = compact ? LOGO_HEIGHT * COMPACT_SCALE : LOGO_HEIGHT;
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const shown = failed ? DEFAULT_LOGO : src;

  return (
    <Link
      to={to}
      aria-label={`${PRODUCT_NAME} home`}
      style={{ display: 'inline-flex', alignItems: 'center', width, height, flexShrink: 0 }}
    >
      {!loaded && <span style={{ color: '#64748b' }}>Loading...</span>}
      <img
        key={shown}
        src={shown}
        alt={PRODUCT_NAME}
        width={width}
        height={height}
        style={{ display: loaded ? 'block' : 'none', objectFit: 'contain' }}
        onLoad={() => setLoaded(true)}
        onError={() => (failed ? setLoaded(true) : setFailed(true))}
      />
    </Link>
  );
}
