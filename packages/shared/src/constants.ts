/** Business constants of spec §9, shared by the server and the web app. */
export const PRODUCT_NAME = 'Finboard';
export const PRODUCT_TAGLINE = 'Simplified Financial Reporting';

export const ORGANIZATION_REFRESH_INTERVAL_MS = 3_600_000;
export const TOKEN_EXPIRY_CHECK_INTERVAL_MS = 120_000;
export const CSV_SAVE_TIMEOUT_MS = 100_000;

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MIME_TYPE = 'image/png';
export const LOGO_WIDTH = 180;
export const LOGO_HEIGHT = 36;

export const PHONE_DIGITS = 10;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const FLAT_FILE_MIME_TYPE = 'text/csv';

export const DRAWER_WIDTH = 400;
export const ORGANIZATION_NAME_LONG = 15;
export const ORGANIZATION_NAME_VERY_LONG = 25;
export const TOOLTIP_MAX_WIDTH = 250;
export const AVATAR_TEXT_GAP = 4;

/** Forgot-password links are single use and expire after 30 minutes. */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;
/** Set-password links of users an admin added (no initial password) are single use and expire after 7 days. */
export const INVITE_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
