import { describe, expect, it } from 'vitest';
import { messageTexts } from '../../content/messages';
import { messageTextsHi } from '../../content/hi/messages';
import { messageTextsMr } from '../../content/mr/messages';
import { defaultContact } from '../../content/site';
import { applyContact } from './contact-text';

const email = (footer: string) => ({
  subject: 'Subject',
  text: `Hello\n\n${footer}`,
  html: `<p>${footer}</p>`,
});
const moved = {
  ...defaultContact,
  street: '12 Baga Road',
  city: 'Calangute',
  postal_code: '403516',
  region: 'Goa',
};

describe("an e-mail's footer", () => {
  it("keeps the villa's address in Hindi and Marathi words while the operator keeps it", () => {
    for (const footer of [messageTextsHi.footer, messageTextsMr.footer]) {
      expect(applyContact(email(footer), defaultContact).text).toContain(footer);
    }
  });

  it('gives an address the operator typed, as typed, in every language', () => {
    for (const footer of [messageTexts.footer, messageTextsHi.footer, messageTextsMr.footer]) {
      const rendered = applyContact(email(footer), moved);
      expect(rendered.text).toContain('12 Baga Road, Calangute 403516, Goa, India');
      expect(rendered.html).toContain('12 Baga Road, Calangute 403516, Goa, India');
      expect(rendered.text).not.toContain(footer);
    }
  });
});
