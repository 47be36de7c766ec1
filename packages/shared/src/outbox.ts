import { z } from 'zod';

export const outboxEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxDataSchema = z.object({ emails: z.array(outboxEmailSchema) });
