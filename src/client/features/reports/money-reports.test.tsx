import type { Wire } from '@/domain/wire-amount';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GstSummary } from '@/domain/invoice-register';
import type { OutstandingBalances, Report, ReportFigures } from '@/domain/report';
import { GstSummaryTable } from './gst-summary';
import { OutstandingBalancesTable } from './outstanding-balances';
import { ReportsView } from './reports-view';

const figures = (values: Partial<Wire<ReportFigures>>): Wire<ReportFigures> => ({
  nights: 30,
  closed_nights: 0,
  available_nights: 30,
  booked_nights: 3,
  unpriced_nights: 0,
  occupancy: 0.1,
  revenue: 0,
  adr: null,
  revpar: 0,
  received: 0,
  sources: [],
  ...values,
});

const BALANCES: Wire<OutstandingBalances> = {
  balances: [
    {
      booking_id: '11111111-1111-4111-8111-111111111111',
      reference: 'SV-11111111',
      property_id: '22222222-2222-4222-8222-222222222222',
      property_name: 'Villa',
      guest_name: 'Asha Rao',
      check_in: '2026-11-25',
      check_out: '2026-11-27',
      status: 'confirmed',
      currency: 'INR',
      total: 250_000,
      paid: 75_000,
      balance: 175_000,
      next_due: { amount: 175_000, date: '2026-11-11' },
      overdue: true,
    },
    {
      booking_id: '33333333-3333-4333-8333-333333333333',
      reference: 'SV-33333333',
      property_id: '44444444-4444-4444-8444-444444444444',
      property_name: 'Cottage',
      guest_name: 'Omar Khan',
      check_in: '2026-12-20',
      check_out: '2026-12-22',
      status: 'confirmed',
      currency: 'AED',
      total: 1_000,
      paid: 300,
      balance: 700,
      next_due: { amount: 700, date: '2026-12-06' },
      overdue: false,
    },
  ],
  totals: [
    { currency: 'AED', balance: 700, overdue: 0 },
    { currency: 'INR', balance: 175_000, overdue: 175_000 },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('outstanding balances', () => {
  it('lists each stay in the order given, amounts in its own currency, the overdue marked, totals per currency', () => {
    render(<OutstandingBalancesTable data={BALANCES} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Asha RaoSV-11111111',
      'Omar KhanSV-33333333',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'VillaNov 25, 2026 – Nov 27, 2026',
      '₹2,50,000',
      '₹75,000',
      '₹1,75,000',
      '₹1,75,000by Nov 11, 2026Overdue',
    ]);
    expect(within(rows[1]!).queryByText('Overdue')).toBeNull();
    expect(within(rows[1]!).getByText('AED 700', { selector: 'td' })).toBeTruthy();
    const totals = screen.getByRole('list', { name: 'Owed per currency' });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['AED 700 owed', '₹1,75,000 owed · ₹1,75,000 overdue']);
  });

  it('says so when nobody owes anything', () => {
    render(<OutstandingBalancesTable data={{ balances: [], totals: [] }} />);
    expect(screen.getByText(/No guest owes anything/)).toBeTruthy();
  });
});

const zeroGst = { taxable_value: 0, cgst: 0, sgst: 0, igst: 0, invoices: 0, credit_notes: 0 };
const GST: Wire<GstSummary> = {
  from: '2026-10-01',
  to: '2026-12-01',
  property_id: null,
  currency: 'INR',
  months: [
    { month: '2026-10', ...zeroGst },
    {
      month: '2026-11',
      taxable_value: 1_05_080,
      cgst: 2_625,
      sgst: 2_625,
      igst: 0,
      invoices: 3,
      credit_notes: 1,
    },
  ],
  total: { taxable_value: 1_05_080, cgst: 2_625, sgst: 2_625, igst: 0, invoices: 3, credit_notes: 1 },
};

describe('GST by month', () => {
  it('shows each month in rupees grouped by lakh, net of credit notes, and the total', () => {
    render(<GstSummaryTable data={GST} />);
    const rows = within(screen.getByRole('table', { name: /GST by month/ })).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Month', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Invoices', 'Credit notes'],
      ['Oct 2026', '₹0', '₹0', '₹0', '₹0', '0', '0'],
      ['Nov 2026', '₹1,05,080', '₹2,625', '₹2,625', '₹0', '3', '1'],
      ['Total', '₹1,05,080', '₹2,625', '₹2,625', '₹0', '3', '1'],
    ]);
  });

  it('says so when no invoice was issued in the period', () => {
    render(<GstSummaryTable data={{ ...GST, months: [], total: zeroGst }} />);
    expect(screen.getByText('No invoices were issued in this period.')).toBeTruthy();
  });
});

describe('money in the Reports view', () => {
  it('shows the money received by month beside revenue, GST by month, the balances, and links to the period’s payments CSV and invoice register', async () => {
    const report: Wire<Report> = {
      from: '2026-10-01',
      to: '2026-12-01',
      property_id: null,
      currencies: [
        {
          currency: 'INR',
          months: [
            { month: '2026-10', ...figures({ revenue: 100_000, received: 30_000 }) },
            { month: '2026-11', ...figures({ revenue: 0, received: 1_45_000 }) },
          ],
          total: figures({ revenue: 100_000, received: 1_75_000 }),
        },
      ],
    };
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        answer(
          String(input).includes('/api/reports/outstanding-balances')
            ? BALANCES
            : String(input).includes('/api/reports/gst')
              ? GST
              : report,
        ),
      ),
    );
    window.history.replaceState(
      null,
      '',
      '/villa-management?view=reports&period=custom&from=2026-10-01&to=2026-11-30',
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ReportsView selected={null} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: /Figures by month in INR/ });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const column = header.indexOf('Received');
    expect(column).toBeGreaterThan(header.indexOf('Revenue'));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[column - 1]!.textContent)).toEqual([
      '₹30,000',
      '₹1,45,000',
      '₹1,75,000',
    ]);
    expect(screen.getByText('Money received').nextSibling?.textContent).toBe('₹1,75,000');
    expect(await screen.findByRole('table', { name: /Outstanding balances/ })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download payments CSV' });
    expect(link.getAttribute('href')).toBe('/api/reports/payments.csv?from=2026-10-01&to=2026-12-01');
    expect(link.hasAttribute('download')).toBe(true);
    const register = screen.getByRole('link', { name: 'Download invoice register (CSV)' });
    expect(register.getAttribute('href')).toBe('/api/invoices/register.csv?from=2026-10-01&to=2026-12-01');
    expect(register.hasAttribute('download')).toBe(true);
    expect(await screen.findByRole('table', { name: /GST by month/ })).toBeTruthy();
  });
});
