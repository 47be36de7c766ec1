import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@finboard/shared/constants';
import { organizationMessages, PNG_SIGNATURE } from '@finboard/shared/organizations';
import { checkLogoFile } from './logo-check';

const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return new Blob([bytes], { type: 'image/png' });
};

describe('checkLogoFile', () => {
  it('accepts a small PNG', async () => {
    expect(await checkLogoFile(png(2048))).toBeUndefined();
  });

  it('refuses a JPEG even when it claims to be a PNG', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])], {
      type: 'image/png',
    });
    expect(await checkLogoFile(jpeg)).toBe(organizationMessages.logoPngOnly);
  });

  it('refuses an empty file as not a PNG', async () => {
    expect(await checkLogoFile(new Blob([]))).toBe(organizationMessages.logoPngOnly);
  });

  it('refuses a PNG of 5MB or more and accepts one just under', async () => {
    expect(await checkLogoFile(png(LOGO_MAX_BYTES))).toBe(organizationMessages.logoTooLarge);
    expect(await checkLogoFile(png(LOGO_MAX_BYTES - 1))).toBeUndefined();
  });
});
