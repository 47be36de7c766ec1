/** The guides of docs/ the app shows, at `/guides/{name}` (features/guides). */
export type GuideName = 'user-guide' | 'operations';

export const guidePath = (name: GuideName, section?: string) => `/guides/${name}${section ? `#${section}` : ''}`;
