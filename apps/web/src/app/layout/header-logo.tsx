import { useState } from 'react';
import { Link } from 'react-router';
import { LOGO_HEIGHT, LOGO_WIDTH, PRODUCT_NAME } from '@finboard/shared/constants';

export const DEFAULT_LOGO = '/finboard-logo.svg';

/** Spec §2/§4: 180x36, 'Loading...' until the image loads, the default logo if it fails. */
export function HeaderLogo({ src, to }: { src: string; to: string }) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const shown = failed ? DEFAULT_LOGO : src;

  return (
    <Link
      to={to}
      aria-label={`${PRODUCT_NAME} home`}
      style={{ display: 'inline-flex', alignItems: 'center', width: LOGO_WIDTH, height: LOGO_HEIGHT }}
    >
      {!loaded && <span style={{ color: '#64748b' }}>Loading...</span>}
      <img
        key={shown}
        src={shown}
        alt={PRODUCT_NAME}
        width={LOGO_WIDTH}
        height={LOGO_HEIGHT}
        style={{ display: loaded ? 'block' : 'none', objectFit: 'contain' }}
        onLoad={() => setLoaded(true)}
        onError={() => (failed ? setLoaded(true) : setFailed(true))}
      />
    </Link>
  );
}
