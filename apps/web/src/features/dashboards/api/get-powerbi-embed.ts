import { powerbiEmbedResponseSchema, powerbiMessages } from '@finboard/shared/powerbi';
import type { Dashboard } from '@finboard/shared/dashboards';
import { apiRequest } from '../../../lib/api-client';

/** What the server needs to embed an entry (spec §4 embed info fetch, §7 embedding service). */
export interface EmbedTarget {
  workspaceId: string;
  url: string;
  type: Dashboard['type'];
  /** The organization's Power BI e-mail, when it has one. */
  userEmail?: string;
}

/** A fresh embed token for the entry; the report id is taken from its URL by the server. */
export const getPowerbiEmbed = (target: EmbedTarget, signal?: AbortSignal) =>
  apiRequest('/api/v1/powerbi/embed', {
    query: { workspaceId: target.workspaceId, url: target.url, type: target.type, userEmail: target.userEmail },
    signal,
    schema: powerbiEmbedResponseSchema,
    errorMessage: powerbiMessages.embedFailed,
  }).then((response) => response.data);
