import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { loginRequestSchema } from '@finboard/shared/auth';
import { zodRule } from './form-rules';

const validate = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule as RuleObject).validator!(rule as RuleObject, value, () => undefined);

describe('zodRule', () => {
  it('validates with a schema loaded on first use exactly as with the schema itself', async () => {
    const direct = zodRule(loginRequestSchema.shape.email);
    const loaded = zodRule(async () => loginRequestSchema.shape.email);

    for (const rule of [direct, loaded]) {
      await expect(validate(rule, 'not-an-email')).rejects.toThrow('Please enter a valid email address');
      await expect(validate(rule, '')).rejects.toThrow('Email is required');
      await expect(validate(rule, 'ada@example.com')).resolves.toBeUndefined();
    }
  });
});
