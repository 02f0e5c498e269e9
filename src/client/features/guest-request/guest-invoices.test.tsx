import { guestRequestEn } from '@/content/guest-request';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GuestInvoice } from '@/domain/message';
import { GuestInvoices } from './guest-invoices';
import type { Wire } from '@/domain/wire-amount';

const INVOICE: Wire<GuestInvoice> = {
  id: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  title: 'Tax Invoice',
  number: 'SV/2627/0001',
  issued_on: '2026-11-22',
  total: 23_220,
  currency: 'INR',
};
const CREDIT_NOTE: Wire<GuestInvoice> = {
  id: '7a2d3b8f-4c5e-4f60-9b0c-1d2e3f4a5b6c',
  title: 'Credit Note',
  number: 'SV/2627/C0001',
  issued_on: '2026-11-24',
  total: 2_100.5,
  currency: 'INR',
};

describe("the guest's invoices", () => {
  it('lists each document with its number, date and amount, and a link to its PDF under the page token', () => {
    render(
      <GuestInvoices
        text={guestRequestEn.invoices}
        language="en"
        token="tok_abc-123"
        invoices={[CREDIT_NOTE, INVOICE]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Your invoices' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Credit Note SV/2627/C0001');
    expect(items[0]).toHaveTextContent('24 Nov 2026 · ₹2,100.50');
    expect(items[1]).toHaveTextContent('Tax Invoice SV/2627/0001');
    expect(items[1]).toHaveTextContent('22 Nov 2026 · ₹23,220');
    const link = within(items[1]!).getByRole('link', { name: 'Download PDF: Tax Invoice SV/2627/0001' });
    expect(link).toHaveAttribute('href', `/api/requests/tok_abc-123/invoices/${INVOICE.id}/pdf`);
    expect(link).toHaveTextContent('Download PDF');
  });

  it('writes a foreign currency as the rest of the page does', () => {
    render(
      <GuestInvoices
        text={guestRequestEn.invoices}
        language="en"
        token="t"
        invoices={[{ ...INVOICE, title: 'Receipt', total: 1_200, currency: 'AED' }]}
      />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('22 Nov 2026 · AED 1,200');
  });
});
