import { describe, expect, it } from 'vitest';
import { requiredText } from './fields';
import { readFieldRefusal } from './field-refusals';
import { describeCharacter, findBidiControl } from './text-rules';

describe('a character named in a message', () => {
  it('shows itself and its code points, or only the code points (and name) when it does not show', () => {
    expect(describeCharacter('😀')).toBe('😀 (U+1F600)');
    expect(describeCharacter('김')).toBe('김 (U+AE40)');
    expect(describeCharacter('\u202e')).toBe('U+202E (RIGHT-TO-LEFT OVERRIDE)');
    expect(describeCharacter('\u200b')).toBe('U+200B');
    expect(describeCharacter('\ue000')).toBe('U+E000');
  });
});

describe('a name', () => {
  const name = requiredText('Full name', { name: true });
  const messageOf = (value: string) => name.safeParse(value).error?.issues[0]?.message;

  it('refuses each character that steers the direction of text, naming it', () => {
    for (const control of [
      '\u061c',
      '\u200e',
      '\u200f',
      ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
    ])
      expect(findBidiControl(`Asha${control}Rao`)).toBe(control);
    expect(messageOf('Asha \u202eoaR')).toBe(
      'Full name contains a character that is not allowed: U+202E (RIGHT-TO-LEFT OVERRIDE)',
    );
    // The forms word the refusal in the reader's language from its code, as they do for control characters.
    const issue = name.safeParse('Asha \u202eoaR').error?.issues[0] as { params?: unknown } | undefined;
    expect(readFieldRefusal(issue?.params)).toEqual({
      code: 'not_allowed',
      params: { character: '\u202e' },
    });
  });

  it('takes every script, joiners included, and leaves other texts their direction marks', () => {
    for (const value of ['محمد عبد الله', 'नारायण्‍ राव', 'ലക്ഷ്മി നായർ', '山田 さくら', 'Asha 😀'])
      expect(name.safeParse(value).success).toBe(true);
    expect(requiredText('Notes').safeParse('שלום \u200f(ok)').success).toBe(true);
  });
});
