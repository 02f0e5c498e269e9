/** The languages of the public site and the guest's side; the management area stays English. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language everything falls back to, served without a prefix (`/`, `/partnership`). */
export const DEFAULT_LANGUAGE: Language = 'en';
