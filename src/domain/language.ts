import { z } from 'zod';

/** The languages of the public site and the guest's side; the management area stays English. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language everything falls back to, served without a prefix (`/`, `/partnership`). */
export const DEFAULT_LANGUAGE: Language = 'en';

/** A guest's language: the site's page they asked from, which their request page and e-mails then follow. */
export const LanguageSchema = z
  .enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` })
  .describe('en (English), hi (Hindi) or mr (Marathi)');
