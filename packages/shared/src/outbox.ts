import { z } from 'zod';

export const outboxMessages = {
  attachmentNotFound: 'Attachment not found',
} as const;

/** A file an e-mail carries; downloaded at `GET /api/v1/admin/outbox/{id}/attachments/{index}`. */
export const outboxAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  bytes: z.number().int().min(0),
});
export type OutboxAttachment = z.infer<typeof outboxAttachmentSchema>;

export const outboxEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(outboxAttachmentSchema),
  createdAt: z.iso.datetime(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxDataSchema = z.object({ emails: z.array(outboxEmailSchema) });

export const outboxAttachmentParamsSchema = z.object({
  id: z.uuid(),
  index: z.coerce.number().int().min(0).max(99),
});
