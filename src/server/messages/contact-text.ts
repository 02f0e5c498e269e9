import type { BusinessContact } from '../../domain/business-contact';
import { formatContactAddress } from '../../content/site-contact';
import { messageTexts } from '../../content/messages';
import { messageTextsHi as hindiMessageTexts } from '../../content/hi/messages';
import { messageTextsMr as marathiMessageTexts } from '../../content/mr/messages';
import { defaultContact, site } from '../../content/site';

/** The footer of every e-mail: the brand and the business's address. */
export function formatMessageFooter(contact: BusinessContact): string {
  return `${site.brandName} · ${formatContactAddress(contact)}`;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A rendered e-mail with the business's contact details in place of the defaults. The texts of every
 * language (src/content) name the defaults' phone and e-mail where a guest is told how to reach us, and the
 * footer gives the defaults' address: each is put right here, once, for every kind of message, rather than
 * threaded through every text. The defaults hold no character HTML escapes, so they read the same in the HTML.
 */
export function applyContact<T extends { subject: string; text: string; html: string }>(
  rendered: T,
  contact: BusinessContact,
): T {
  // Hindi and Marathi e-mails give the villa's address in their own words while the operator keeps it;
  // an address the operator typed is given as typed in every language.
  const addressKept = formatContactAddress(contact) === formatContactAddress(defaultContact);
  const otherFooters = addressKept ? [] : [hindiMessageTexts.footer, marathiMessageTexts.footer];
  const swaps: [string, string][] = [
    [messageTexts.footer, formatMessageFooter(contact)],
    ...otherFooters.map((footer): [string, string] => [footer, formatMessageFooter(contact)]),
    [defaultContact.phone, contact.phone],
    [defaultContact.email, contact.email],
  ];
  const swap = (text: string, escape: (value: string) => string) =>
    swaps.reduce((result, [from, to]) => result.replaceAll(from, () => escape(to)), text);
  return {
    ...rendered,
    subject: swap(rendered.subject, (value) => value),
    text: swap(rendered.text, (value) => value),
    html: swap(rendered.html, escapeHtml),
  };
}
