/** The languages of the public site and the guest's side; the management area stays English. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language everything falls back to, served without a prefix (`/`, `/partnership`). */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' };

/** A page's path in a language: English at the root, the others under their code (`/hi`, `/mr/partnership`). */
export function localizePath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}
