// Apart from language.ts's schema: the public pages name the languages without loading zod.

/** The languages of the public site and the guest's side; the management area stays English. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language everything falls back to, served without a prefix (`/`, `/partnership`). */
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Intl's locale per language, for dates and names. Marathi asks for Latin digits, as Indian sites print
 * dates (ICU's default for `mr` is Devanagari digits).
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN-u-nu-latn' };

/** Whether a value (a query parameter, a stored column) names one of the languages. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
