import { describe, expect, it } from 'vitest';
import { formatInvoiceRegisterCsv, INVOICE_REGISTER_COLUMNS } from './register-csv';
import type { RegisterRow } from './register-queries';

const row: RegisterRow = {
  kind: 'credit_note',
  number: 'SV/2627C/0001',
  issued_on: '2026-11-23',
  currency: 'INR',
  supplier_gstin: '30AAPFU0939F1Z8',
  recipient_name: 'Acme Travel, Pvt "Ltd"',
  recipient_gstin: '27AAPFU0939F1ZV',
  place_code: '27',
  corrects_number: 'SV/2627/0007',
  corrects_issued_on: '2026-11-20',
  reason: '@SUM(A1:A9)',
  document_total: 2_100_00,
  rate_bp: 1250,
  taxable: 1_866_67,
  cgst: 0,
  sgst: 0,
  igst: 233_33,
  total: 2_100_00,
};

describe('formatInvoiceRegisterCsv', () => {
  it('writes a header, then each band: the type in words, "27-Maharashtra", rates and amounts as plain decimals', () => {
    const text = [...formatInvoiceRegisterCsv([row])].join('');
    expect(text).toBe(
      `${INVOICE_REGISTER_COLUMNS.join(',')}\r\n` +
        `Credit note,SV/2627C/0001,2026-11-23,SV/2627/0007,2026-11-20,'@SUM(A1:A9),30AAPFU0939F1Z8,` +
        `"Acme Travel, Pvt ""Ltd""",27AAPFU0939F1ZV,27-Maharashtra,N,12.5,1866.67,0.00,0.00,233.33,2100.00,2100.00,INR\r\n`,
    );
  });

  it('leaves the Indian tax fields empty on a receipt for a stay outside India', () => {
    const receipt: RegisterRow = {
      ...row,
      kind: 'receipt',
      number: 'SV/2627R/0001',
      supplier_gstin: null,
      recipient_gstin: null,
      recipient_name: 'Omar Khan',
      place_code: null,
      corrects_number: null,
      corrects_issued_on: null,
      reason: null,
      rate_bp: 0,
      taxable: 1_300_00,
      igst: 0,
      total: 1_300_00,
      document_total: 1_300_00,
      currency: 'AED',
    };
    const [, line] = [...formatInvoiceRegisterCsv([receipt])].join('').split('\r\n');
    expect(line).toBe(
      `Receipt,SV/2627R/0001,2026-11-23,,,,,Omar Khan,,,,0,1300.00,0.00,0.00,0.00,1300.00,1300.00,AED`,
    );
  });
});
