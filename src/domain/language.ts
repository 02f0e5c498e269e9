import { z } from 'zod';
import { LANGUAGES } from './language-codes';

// The codes live apart from the schema: the public pages import them, and must not bring zod with them.
export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './language-codes';

/** A guest's language: the site's page they asked from, which their request page and e-mails then follow. */
export const LanguageSchema = z
  .enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` })
  .describe('en (English), hi (Hindi) or mr (Marathi)');
