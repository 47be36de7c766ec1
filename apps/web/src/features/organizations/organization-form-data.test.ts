import { describe, expect, it } from 'vitest';
import { initialFormValues, organizationFormData } from './organization-form-data';

const values = {
  organizationName: '  Acme Corp ',
  organizationEmail: 'info@acme.com',
  organizationPhoneNumber: '(555) 123-4567',
  organizationAddress: '',
  organizationDescription: 'Widgets',
  powerbiEmail: '',
};

describe('organizationFormData', () => {
  it('sends every text field under the spec names, trimmed, empty ones as empty strings', () => {
    const body = organizationFormData(values);
    expect(Object.fromEntries([...body.entries()])).toEqual({
      organizationName: 'Acme Corp',
      organizationEmail: 'info@acme.com',
      organizationPhoneNumber: '(555) 123-4567',
      organizationAddress: '',
      organizationDescription: 'Widgets',
      powerbiEmail: '',
    });
  });

  it('adds the chosen logo as the `logo` file part', async () => {
    const body = organizationFormData(values, { file: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }) });
    const logo = body.get('logo');
    expect(logo).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (logo as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(body.has('removeLogo')).toBe(false);
  });

  it('asks to remove the logo only when no new one is chosen', () => {
    expect(organizationFormData(values, { remove: true }).get('removeLogo')).toBe('true');
    const both = organizationFormData(values, { remove: true, file: new Blob(['x']) });
    expect(both.has('removeLogo')).toBe(false);
  });
});

describe('initialFormValues', () => {
  it('is empty for a new organization', () => {
    expect(Object.values(initialFormValues()).every((value) => value === '')).toBe(true);
  });
});
