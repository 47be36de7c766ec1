import { useState } from 'react';
import { imageUrl } from '../../../lib/image-url';

/** The platform's own logo, shown when an organization has none or its logo fails to load (spec §4). */
export const DEFAULT_LOGO = '/finboard-logo.svg';

interface OrganizationLogoProps {
  logoUrl: string | null;
  name: string;
  /** Box the logo fits in; the image endpoint is asked for `width` pixels. */
  width: number;
  height: number;
}

export function OrganizationLogo({ logoUrl, name, width, height }: OrganizationLogoProps) {
  // Remembers which logo failed, so a new logo_url gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const useDefault = !logoUrl || failedUrl === logoUrl;
  return (
    <img
      src={useDefault ? DEFAULT_LOGO : imageUrl(logoUrl, width)}
      alt={`${name} logo`}
      width={width}
      height={height}
      loading="lazy"
      style={{ objectFit: 'contain', display: 'block' }}
      onError={() => setFailedUrl(logoUrl)}
    />
  );
}
