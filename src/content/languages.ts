import { DEFAULT_LANGUAGE, type Language } from '../domain/language-codes';

export {
  DEFAULT_LANGUAGE,
  INTL_LOCALES,
  isLanguage,
  LANGUAGES,
  type Language,
} from '../domain/language-codes';

/** Each language named in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' };

/** Each language named in English, for the management area. */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Language, string> = {
  en: 'English',
  hi: 'Hindi',
  mr: 'Marathi',
};

/** A page's path in a language: English at the root, the others under their code (`/hi`, `/mr/partnership`). */
export function localizePath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}
