import { describeCharacter } from './fields';
import type { InvoiceDocument } from './invoice-document';

/**
 * An issued document is a tax record that must print as it was typed: a character no invoice font draws
 * (Hangul, Hebrew, a private-use character) or one that steers the direction of text is refused at issue,
 * naming the character and where it comes from, never printed as a box.
 */

/**
 * The characters of a text that the invoice's PDF cannot draw, or must not print, each once: the fonts
 * decide, so the server gives this (its PDF's own check) to the rules.
 */
export type FindUnprintableCharacters = (text: string) => string[];

/** A text refused for a character it cannot print: the words, and the field and character for a client. */
export type UnprintableText = { message: string; params: { field?: string; character: string } };

type PrintedText = { text: string | null; label: string; field?: string };

function listPrintedTexts(document: InvoiceDocument, recipientGiven: boolean): PrintedText[] {
  const profile = '(Account, Business profile)';
  const property = '(edit the property)';
  const named: PrintedText[] = [
    {
      text: document.recipient.name,
      label: recipientGiven ? "The recipient's name" : "The guest's name",
      field: 'recipient.name',
    },
    { text: document.recipient.address, label: "The recipient's address", field: 'recipient.address' },
    { text: document.supplier.name, label: `Your business's legal name ${profile}` },
    { text: document.supplier.trade_name, label: `Your business's trade name ${profile}` },
    { text: document.supplier.address, label: `Your business's address ${profile}` },
    { text: document.supplier.phone ?? null, label: 'Your phone number (Settings, contact details)' },
    { text: document.supplier.email ?? null, label: 'Your e-mail address (Settings, contact details)' },
    { text: document.signatory, label: `The signatory's name ${profile}` },
    { text: document.stay.property_name, label: `The property's name ${property}` },
    { text: document.stay.property_address, label: `The property's address ${property}` },
    { text: document.corrects?.reason ?? null, label: 'The reason', field: 'reason' },
  ];
  // Whatever else the page prints is made from the texts above; read last, it names only the document.
  const rest = [
    document.title,
    document.number,
    document.total_in_words,
    document.stay.booking_reference,
    ...document.lines.map((line) => line.description),
    ...document.notes,
  ].map((text) => ({ text, label: 'The document' }));
  return [...named, ...rest];
}

function findUnprintable(
  texts: PrintedText[],
  findCharacters: FindUnprintableCharacters,
): UnprintableText | undefined {
  for (const { text, label, field } of texts) {
    if (!text) continue;
    const [character] = findCharacters(text);
    if (character === undefined) continue;
    return {
      message: `${label} contains a character that cannot be printed on an invoice: ${describeCharacter(character)}`,
      params: field ? { field, character } : { character },
    };
  }
  return undefined;
}

/** The first text of an invoice (bill of supply, receipt) that would print a character it cannot. */
export function findUnprintableDocumentText(
  document: InvoiceDocument,
  options: { recipientGiven: boolean; findCharacters: FindUnprintableCharacters },
): UnprintableText | undefined {
  return findUnprintable(listPrintedTexts(document, options.recipientGiven), options.findCharacters);
}

/**
 * A credit note's reason when it would print a character it cannot. The rest it copies from its invoice,
 * which is not checked again: an invoice issued before this check is still corrected.
 */
export function findUnprintableReason(
  reason: string,
  findCharacters: FindUnprintableCharacters,
): UnprintableText | undefined {
  return findUnprintable([{ text: reason, label: 'The reason', field: 'reason' }], findCharacters);
}
