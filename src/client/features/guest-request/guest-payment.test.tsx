import type { Wire } from '@/domain/wire-amount';
import { guestRequestEn } from '@/content/guest-request';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GuestPayment as GuestPaymentData } from '@/domain/message';
import { paymentTexts } from '@/content/payments';
import { defaultContact } from '@/content/site';
import { setSiteContact } from '@/content/site-contact';
import { GuestPayment, isSafeQrSvg } from './guest-payment';

const URI = 'upi://pay?pa=shantivilla@okaxis&pn=Shanti%20Villa%20Retreat&am=30000.00&cu=INR&tn=SV-1A2B3C4D';
const QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" role="img" aria-label="UPI QR code to pay ₹30,000 to Shanti Villa Retreat"><title>UPI QR code to pay ₹30,000 to Shanti Villa Retreat</title><rect width="29" height="29" fill="#fff"/><path fill="#000" d="M4 4h7v1h-7z"/></svg>';

const withUpi: Wire<GuestPaymentData> = {
  amount_due_now: 30000,
  due_date: '2026-11-26',
  upi: { uri: URI, qr_svg: QR, vpa: 'shantivilla@okaxis', payee_name: 'Shanti Villa Retreat' },
  instructions: null,
};

describe("the guest's payment", () => {
  it('offers UPI: the amount and its date, a link for a UPI app, the QR code, the UPI ID and the UTR', () => {
    render(<GuestPayment text={guestRequestEn.payment} language="en" payment={withUpi} currency="INR" />);
    const section = screen.getByRole('region', { name: 'Pay ₹30,000 by UPI' });
    expect(within(section).getByText('Due by Thu 26 Nov 2026')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Pay with a UPI app' })).toHaveAttribute('href', URI);
    expect(
      within(section).getByRole('img', { name: 'UPI QR code to pay ₹30,000 to Shanti Villa Retreat' }),
    ).toBeInTheDocument();
    expect(within(section).getByText('shantivilla@okaxis')).toBeInTheDocument();
    expect(within(section).getByText('Shanti Villa Retreat')).toBeInTheDocument();
    expect(within(section).getByText(/keep the UTR/)).toBeInTheDocument();
  });

  it('reaches the link and the copy button from the keyboard, and says when the UPI ID is copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<GuestPayment text={guestRequestEn.payment} language="en" payment={withUpi} currency="INR" />);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Pay with a UPI app' })).toHaveFocus();
    await user.tab();
    const copy = screen.getByRole('button', { name: 'Copy UPI ID' });
    expect(copy).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('shantivilla@okaxis');
    expect(await screen.findByRole('status')).toHaveTextContent('UPI ID copied');
  });

  it("says how to pay in the operator's words when there is no UPI (another currency, or none set)", () => {
    render(
      <GuestPayment
        text={guestRequestEn.payment}
        language="en"
        payment={{
          ...withUpi,
          amount_due_now: 1200,
          upi: null,
          instructions: 'Bank transfer to …\nIBAN AE07',
        }}
        currency="AED"
      />,
    );
    const section = screen.getByRole('region', { name: 'How to pay AED 1,200' });
    expect(within(section).getByText(/Bank transfer to/)).toBeInTheDocument();
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).queryByRole('img')).toBeNull();
  });

  it("gives the business's phone and e-mail in the site's own words, not the defaults", () => {
    setSiteContact({ ...defaultContact, saved: true, phone: '+91 98220 12345', email: 'stay@example.in' });
    try {
      const payment = { ...withUpi, upi: null, instructions: paymentTexts.fallbackInstructions };
      render(<GuestPayment text={guestRequestEn.payment} language="en" payment={payment} currency="INR" />);
      const words = screen.getByText(/bank details/);
      expect(words).toHaveTextContent('+91 98220 12345');
      expect(words).toHaveTextContent('stay@example.in');
      expect(words).not.toHaveTextContent(defaultContact.phone);
    } finally {
      setSiteContact(defaultContact);
    }
  });

  it('shows no QR markup that is not our own plain SVG', () => {
    expect(isSafeQrSvg(QR)).toBe(true);
    for (const bad of [
      '<img src=x onerror=alert(1)>',
      QR.replace('<title>', '<script>alert(1)</script><title>'),
      QR.replace('<rect', '<foreignObject><div/></foreignObject><rect'),
      QR.replace('<rect', '<rect onload="alert(1)"'),
      QR.replace('<rect', '<a href="javascript:alert(1)"><rect'),
    ])
      expect(isSafeQrSvg(bad)).toBe(false);
    render(
      <GuestPayment
        text={guestRequestEn.payment}
        language="en"
        payment={{ ...withUpi, upi: { ...withUpi.upi!, qr_svg: QR.replace('<rect', '<rect onload="x()"') } }}
        currency="INR"
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay with a UPI app' })).toBeInTheDocument();
  });

  it('offers the Razorpay page as a button when the operator made a payment link, and only a web address', () => {
    const { unmount } = render(
      <GuestPayment
        text={guestRequestEn.payment}
        language="en"
        payment={{ ...withUpi, link: 'https://rzp.io/i/AbC123' }}
        currency="INR"
      />,
    );
    expect(screen.getByRole('link', { name: 'Pay online (UPI, card, netbanking)' })).toHaveAttribute(
      'href',
      'https://rzp.io/i/AbC123',
    );
    // UPI stays beside it.
    expect(screen.getByRole('link', { name: 'Pay with a UPI app' })).toBeInTheDocument();
    unmount();
    render(
      <GuestPayment
        text={guestRequestEn.payment}
        language="en"
        payment={{ ...withUpi, link: 'javascript:alert(1)' }}
        currency="INR"
      />,
    );
    expect(screen.queryByRole('link', { name: /Pay online/ })).not.toBeInTheDocument();
  });
});
