import { describe, expect, it } from 'vitest';
import { requiredText, isoDate } from '../domain/fields';
import {
  FIELD_REFUSAL_CODES,
  FIELD_REFUSALS,
  readFieldRefusal,
  type FieldRefusal,
} from '../domain/field-refusals';
import { describeFieldRefusal } from './field-refusals';
import { LANGUAGES } from './languages';

const DEVANAGARI = /[\u0900-\u097F]/;

/** One refusal of each code, with figures. */
const EXAMPLES: FieldRefusal[] = [
  FIELD_REFUSALS.required(),
  FIELD_REFUSALS.tooLong(120),
  FIELD_REFUSALS.notAllowed('\u202e'),
  FIELD_REFUSALS.outOfRange(),
];

describe('a field refusal in the reader’s language', () => {
  it('has words for every code in Hindi and Marathi, with every figure filled in', () => {
    expect(EXAMPLES.map((refusal) => refusal.code).sort()).toEqual([...FIELD_REFUSAL_CODES].sort());
    for (const language of LANGUAGES.filter((language) => language !== 'en'))
      for (const refusal of EXAMPLES) {
        const words = describeFieldRefusal(refusal, 'Full name', language);
        expect(words, `${language} ${refusal.code}`).toMatch(DEVANAGARI);
        expect(words, `${language} ${refusal.code}`).not.toMatch(/[{}]|Full name|undefined/);
      }
  });

  it('says the figures in Hindi and Marathi', () => {
    expect(describeFieldRefusal(FIELD_REFUSALS.tooLong(120), 'Address', 'hi')).toBe(
      'कृपया इसे अधिकतम 120 अक्षरों में लिखिए',
    );
    expect(describeFieldRefusal(FIELD_REFUSALS.outOfRange(), 'Check-in', 'mr')).toBe(
      'कृपया 2000-01-01 ते 2100-12-31 या दरम्यानची तारीख भरा',
    );
  });

  it('is in English the sentence the API has always given', () => {
    expect(EXAMPLES.map((refusal) => describeFieldRefusal(refusal, 'Full name', 'en'))).toEqual([
      'Full name is required',
      'Full name must be at most 120 characters',
      'Full name contains a character that is not allowed: U+202E (RIGHT-TO-LEFT OVERRIDE)',
      'Full name must be between 2000-01-01 and 2100-12-31',
    ]);
  });

  it('is read from the issue a schema raises, with the English message beside it', () => {
    const issueOf = (result: { error?: { issues: object[] } }) =>
      result.error?.issues[0] as { message: string; params?: unknown };
    const name = requiredText('Full name', { max: 5 });
    const cases = [
      [name.safeParse(undefined), FIELD_REFUSALS.required()],
      [name.safeParse('   '), FIELD_REFUSALS.required()],
      [name.safeParse('Asha Rao'), FIELD_REFUSALS.tooLong(5)],
      [name.safeParse('A\u0000B'), FIELD_REFUSALS.notAllowed()],
      [isoDate('Check-in').safeParse('1999-12-31'), FIELD_REFUSALS.outOfRange()],
    ] as const;
    for (const [result, refusal] of cases) {
      const issue = issueOf(result);
      expect(readFieldRefusal(issue.params)).toEqual(refusal);
      expect(issue.message).toBe(
        describeFieldRefusal(refusal, issue.message.startsWith('Check-in') ? 'Check-in' : 'Full name', 'en'),
      );
    }
  });
});
