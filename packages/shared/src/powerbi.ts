import { z } from 'zod';
import { apiSuccessSchema } from './api.ts';

/** Power BI embedding (issue 11 §2; spec §4 embed info fetch, §7 embedding service, §8 embed messages). */
export const powerbiMessages = {
  embedFailed: 'Failed to fetch Power BI embed info',
  reportIdMissing: 'Could not extract report ID from URL',
  notConfigured:
    'Power BI is not configured on this server: set POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET',
} as const;

/** `data` of `GET /api/v1/powerbi/embed`: what powerbi-client-react needs, and when the token expires. */
export const powerbiEmbedSchema = z.object({
  embedToken: z.string(),
  embedUrl: z.string(),
  reportId: z.string(),
  /** ISO time the embed token expires; the page renews it shortly before (setAccessToken, no reload). */
  expiration: z.string(),
});
export type PowerbiEmbed = z.infer<typeof powerbiEmbedSchema>;
export const powerbiEmbedResponseSchema = apiSuccessSchema(powerbiEmbedSchema);
