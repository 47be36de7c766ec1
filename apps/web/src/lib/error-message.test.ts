import { describe, expect, it } from 'vitest';
import { errorMessageOf } from './error-message';

describe('errorMessageOf (spec §8 mapping)', () => {
  it('prefers the msg of the first entry in errors', () => {
    expect(
      errorMessageOf({
        status: false,
        message: 'Validation failed',
        errors: [{ msg: 'Email is required', path: 'email' }],
      }),
    ).toBe('Email is required');
  });
  it('falls back to the response message', () => {
    expect(errorMessageOf({ status: false, message: 'Invalid email or password' })).toBe('Invalid email or password');
  });
  it('falls back to the generic message, or the caller’s own, when the body says nothing', () => {
    expect(errorMessageOf(undefined)).toBe('An error occurred');
    expect(errorMessageOf({}, 'An error occurred while changing the password.')).toBe(
      'An error occurred while changing the password.',
    );
  });
});
