import { z } from 'zod';
import { emailSchema, multilineText, nameSchema, text } from './validation.ts';

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const contactRequestSchema = z.object({
  name: nameSchema('Name'),
  email: emailSchema,
  company: text().trim().max(200, 'Company must be at most 200 characters').optional(),
  subject: text().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  message: multilineText()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(CONTACT_MESSAGE_MAX_LENGTH, `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
