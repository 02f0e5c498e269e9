/**
 * What a guest typed (name, e-mail, phone, special requests) enters a message only through these two
 * functions: as quoted, inert text that cannot pass for the message's own words, in the subject, the
 * plain text or the HTML (which React escapes besides).
 */

// Every kind of line break, in a name as in a note: in the plain text a break would start a line of the
// guest's choosing ("Quoted total: AED 0"), and some mail programs break lines at U+2028 and U+2029 too.
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
// Bidirectional embeddings, overrides and isolates reorder the text after them, the closing quote and
// the rest of the subject included; a name in any script reads right without them.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
// "=?" opens an RFC 2047 encoded-word, which mail programs decode in a subject (and nodemailer passes a
// well-formed one through as it is): "=?utf-8?b?…?=" would be shown as words of the guest's choosing.
// With a space inside no encoded-word can begin.
const ENCODED_WORD_START = /=\?/g;

function defuse(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(ENCODED_WORD_START, '= ?');
}

/**
 * A guest's one-line text in double quotes, as a subject, a sentence or a fact shows it: `"Asha Rao"`.
 * A quote or backslash inside is escaped, so the text cannot close its quotes; line breaks become spaces.
 */
export function quoteGuestText(value: string): string {
  const text = defuse(value).split(LINE_BREAK).join(' ');
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * A guest's text of several lines with every line quoted ("> "), so that none of them can start a line
 * of the message; the lines are joined with "\n" and shown under their label.
 */
export function quoteGuestLines(value: string): string {
  return defuse(value)
    .split(LINE_BREAK)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
}
