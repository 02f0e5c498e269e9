import type { BusinessContact } from '../domain/business-contact';
import { defaultContact } from './site';

/**
 * The contact details a page shows: the operator's settings, which the server writes into every page it
 * serves (a JSON script, SITE_CONTACT_ELEMENT_ID) and renders the page's markup with. Read synchronously,
 * so the first paint and hydration need no request and the browser renders exactly what the server did.
 */
export const SITE_CONTACT_ELEMENT_ID = 'site-contact';

let current: BusinessContact = readPageContact() ?? defaultContact;

function readPageContact(): BusinessContact | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_CONTACT_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return { ...defaultContact, ...(JSON.parse(text) as Partial<BusinessContact>) };
  } catch {
    return undefined;
  }
}

export function getSiteContact(): BusinessContact {
  return current;
}

/** Sets what the next render shows (the server's render bundle, before it renders pages). */
export function setSiteContact(contact: BusinessContact): void {
  current = contact;
}

/** The script element that carries the contact details to the browser; `<` escaped, so nothing closes it. */
export function renderSiteContactScript(contact: BusinessContact): string {
  const json = JSON.stringify(contact).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_CONTACT_ELEMENT_ID}">${json}</script>`;
}

/**
 * The postal address a page shows: the villa's own address in the page's language (`translated`, from the
 * language's texts) while the operator keeps it, and the address they typed, as typed, once they change it.
 */
export function describeContactAddress(contact: BusinessContact, translated: string): string {
  const typed = formatContactAddress(contact);
  return typed === formatContactAddress(defaultContact) ? translated : typed;
}

/** The postal address on one line, as an e-mail's footer and a scheduled message give it. */
export function formatContactAddress(
  contact: Pick<BusinessContact, 'street' | 'city' | 'region' | 'postal_code' | 'country'>,
): string {
  const cityLine = [contact.city, contact.postal_code].filter(Boolean).join(' ');
  return [contact.street, cityLine, contact.region, contact.country].filter(Boolean).join(', ');
}

/** The site's own words with the business's phone and e-mail in place of the defaults they were written with. */
export function withSiteContact(text: string): string {
  const contact = getSiteContact();
  return text.replaceAll(defaultContact.phone, contact.phone).replaceAll(defaultContact.email, contact.email);
}

/** The number as a tel: link dials it (no spaces or brackets). */
export function formatTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
