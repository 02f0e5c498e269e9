import { sayFieldRefusal, type FieldRefusal, type FieldRefusalCode } from '../domain/field-refusals';
import { fieldRefusalsHi } from './hi/field-refusals';
import type { Language } from './languages';
import { fieldRefusalsMr } from './mr/field-refusals';
import { fillText } from './fill-text';

/** A refusal's words in a language, with its figures as {placeholders}: one text for each code. */
export type FieldRefusalWords = Record<FieldRefusalCode, string>;

const FIELD_REFUSAL_WORDS: Record<Exclude<Language, 'en'>, FieldRefusalWords> = {
  hi: fieldRefusalsHi,
  mr: fieldRefusalsMr,
};

/**
 * A field's refusal in the page's language, from its code and figures. English is the domain's own
 * sentence with the field's label; Hindi and Marathi speak of "this", beside the field they are shown at.
 */
export function describeFieldRefusal(refusal: FieldRefusal, label: string, language: Language): string {
  if (language === 'en') return sayFieldRefusal(refusal, label);
  return fillText(FIELD_REFUSAL_WORDS[language][refusal.code], refusal.params);
}
