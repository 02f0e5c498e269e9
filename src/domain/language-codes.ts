// Apart from language.ts's schema: the public pages name the languages without loading zod.

/** The languages of the public site and the guest's side; the management area stays English. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language everything falls back to, served without a prefix (`/`, `/partnership`). */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Whether a value (a query parameter, a stored column) names one of the languages. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
