import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * Lets an Ant Design form field validate with a shared zod schema, so the browser and the API apply
 * the very same rule and message (spec §5). The login page passes a loader of the schema (lazy-schema.ts).
 */
export const zodRule = (schema: z.ZodType | (() => Promise<z.ZodType>), opts: { optional?: boolean } = {}): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (opts.optional && (value === undefined || value === null || value === '')) return;
    const fieldSchema = typeof schema === 'function' ? await schema() : schema;
    const result = fieldSchema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});
