import { formatContactAddress, type BusinessContact } from '../../domain/business-contact';
import { messageTexts } from '../../content/messages';
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
  const swaps: [string, string][] = [
    [messageTexts.footer, formatMessageFooter(contact)],
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
