import {
  ACCOMMODATION_SAC,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceParty,
  type TaxSplit,
} from '../../../domain/invoice-document';
import { scaleMinor } from '../../../domain/money';

/**
 * Sample issued documents for tests and benchmarks: a tax invoice within Maharashtra, one to a company in
 * Karnataka (IGST), a bill of supply, a receipt in dirhams and a credit note. Each builder takes overrides.
 */

export const SAMPLE_SUPPLIER: InvoiceParty = {
  name: 'Shanti Hospitality Private Limited',
  trade_name: 'Shanti Villa Retreat',
  address: 'Fort Road, behind the historic fort, Ahmednagar, Maharashtra 414001',
  state_code: '27',
  state_name: 'Maharashtra',
  gstin: '27AABCS1234F1Z5',
  pan: 'AABCS1234F',
};

export const SAMPLE_GUEST: InvoiceParty = {
  name: 'Ananya Deshpande',
  trade_name: null,
  address: 'Flat 12, Shivaji Nagar, Pune, Maharashtra 411005',
  state_code: '27',
  state_name: 'Maharashtra',
  gstin: null,
  pan: null,
};

export const SAMPLE_COMPANY: InvoiceParty = {
  name: 'Bengaluru Offsites LLP',
  trade_name: null,
  address: '4th Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034',
  state_code: '29',
  state_name: 'Karnataka',
  gstin: '29AAJFB9876K1Z2',
  pan: null,
};

const MAHARASHTRA = { state_code: '27', state_name: 'Maharashtra' };

const SAMPLE_STAY: InvoiceDocument['stay'] = {
  property_name: 'Sunset Villa',
  property_address: 'Fort Road, behind the historic fort, Ahmednagar, Maharashtra 414001',
  check_in: '2026-12-12',
  check_out: '2026-12-15',
  nights: 3,
  guests: 6,
  booking_reference: 'SV-2026-0412',
};

/** A line of `taxable_minor` at `rate_bp`, its tax split as `split` says (CGST and SGST take half each). */
export function makeSampleLine(
  description: string,
  taxable_minor: number,
  rate_bp: number,
  split: TaxSplit,
  nights: number | null,
  sac: string | null = ACCOMMODATION_SAC,
): InvoiceLine {
  const tax = split === 'none' ? 0 : scaleMinor(taxable_minor, rate_bp, 10_000);
  const cgst = split === 'intra_state' ? scaleMinor(taxable_minor, rate_bp, 20_000) : 0;
  const sgst = split === 'intra_state' ? tax - cgst : 0;
  return {
    description,
    sac,
    nights,
    taxable_minor,
    rate_bp: split === 'none' ? 0 : rate_bp,
    cgst_minor: cgst,
    sgst_minor: sgst,
    igst_minor: split === 'inter_state' ? tax : 0,
    total_minor: taxable_minor + tax,
  };
}

function sumLines(lines: InvoiceLine[]) {
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxable_minor: sum((line) => line.taxable_minor),
    cgst_minor: sum((line) => line.cgst_minor),
    sgst_minor: sum((line) => line.sgst_minor),
    igst_minor: sum((line) => line.igst_minor),
    total_minor: sum((line) => line.total_minor),
  };
}

/**
 * Tax invoice, intra-state, two rate bands: 3 nights at ₹7,000 (5 %) and an event hall at ₹80,000 (18 %).
 * 21,000 + 1,050 + 80,000 + 14,400 = ₹1,16,450.
 */
export function makeSampleTaxInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = [
    makeSampleLine(
      'Accommodation at Sunset Villa, 3 nights, 12–15 Dec 2026',
      2_100_000,
      500,
      'intra_state',
      3,
    ),
    makeSampleLine(
      'Sunset Villa, whole villa with event lawn, 1 night, 14 Dec 2026',
      8_000_000,
      1_800,
      'intra_state',
      1,
    ),
  ];
  return {
    kind: 'tax_invoice',
    title: 'Tax Invoice',
    number: 'SV/26-27/0042',
    issued_on: '2026-12-15',
    currency: 'INR',
    supplier: SAMPLE_SUPPLIER,
    recipient: SAMPLE_GUEST,
    place_of_supply: MAHARASHTRA,
    tax_split: 'intra_state',
    reverse_charge: false,
    stay: SAMPLE_STAY,
    lines,
    ...sumLines(lines),
    total_in_words: 'Indian Rupees One Lakh Sixteen Thousand Four Hundred Fifty Only',
    corrects: null,
    signatory: 'Meera Kulkarni',
    notes: ['Thank you for staying with us.'],
    ...overrides,
  };
}

/** Tax invoice to a company registered in Karnataka: IGST at 18 %. ₹93,500 + ₹16,830 = ₹1,10,330. */
export function makeSampleInterStateInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = [
    makeSampleLine(
      'Accommodation at Sunset Villa, 3 nights, 12–15 Dec 2026',
      9_350_000,
      1_800,
      'inter_state',
      3,
    ),
  ];
  return makeSampleTaxInvoice({
    number: 'SV/26-27/0043',
    recipient: SAMPLE_COMPANY,
    tax_split: 'inter_state',
    lines,
    ...sumLines(lines),
    total_in_words: 'Indian Rupees One Lakh Ten Thousand Three Hundred Thirty Only',
    ...overrides,
  });
}

/** Bill of supply from a supplier not registered for GST (no GSTIN, no tax). */
export function makeSampleBillOfSupply(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = [
    makeSampleLine('Accommodation at Sunset Villa, 3 nights, 12–15 Dec 2026', 2_100_000, 0, 'none', 3),
  ];
  return makeSampleTaxInvoice({
    kind: 'bill_of_supply',
    title: 'Bill of Supply',
    number: 'SV/26-27/B007',
    supplier: { ...SAMPLE_SUPPLIER, gstin: null },
    tax_split: 'none',
    lines,
    ...sumLines(lines),
    total_in_words: 'Indian Rupees Twenty One Thousand Only',
    notes: ['Supplier not registered under GST; no tax is charged.'],
    ...overrides,
  });
}

/** Receipt in dirhams for a property outside India: no GST fields, no place of supply. */
export function makeSampleReceipt(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = [makeSampleLine('Stay at Marina Loft, 2 nights, 3–5 Jan 2027', 240_050, 0, 'none', 2, null)];
  return {
    ...makeSampleTaxInvoice(),
    kind: 'receipt',
    title: 'Receipt',
    number: 'ML-R-0009',
    issued_on: '2027-01-05',
    currency: 'AED',
    supplier: {
      name: 'Example Business Development LLC',
      trade_name: null,
      address: 'Office 1204, Business Bay, Dubai, UAE',
      state_code: null,
      state_name: null,
      gstin: null,
      pan: null,
    },
    recipient: { ...SAMPLE_GUEST, address: null, state_code: null, state_name: null },
    place_of_supply: null,
    tax_split: 'none',
    stay: {
      property_name: 'Marina Loft',
      property_address: 'Dubai Marina, Dubai, UAE',
      check_in: '2027-01-03',
      check_out: '2027-01-05',
      nights: 2,
      guests: 2,
      booking_reference: 'ML-2027-0003',
    },
    lines,
    ...sumLines(lines),
    total_in_words: 'UAE Dirhams Two Thousand Four Hundred and Fifty Fils Only',
    corrects: null,
    notes: ['Received with thanks.'],
    ...overrides,
  };
}

/** Credit note for one night of the intra-state invoice, refunded after a shortened stay. */
export function makeSampleCreditNote(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = [
    makeSampleLine('Accommodation at Sunset Villa, 1 night, 14–15 Dec 2026', 700_000, 500, 'intra_state', 1),
  ];
  return makeSampleTaxInvoice({
    kind: 'credit_note',
    title: 'Credit Note',
    number: 'SV/26-27/C003',
    issued_on: '2026-12-18',
    lines,
    ...sumLines(lines),
    total_in_words: 'Indian Rupees Seven Thousand Three Hundred Fifty Only',
    corrects: { number: 'SV/26-27/0042', issued_on: '2026-12-15', reason: 'Stay shortened by one night' },
    notes: [],
    ...overrides,
  });
}

/** The intra-state invoice to a guest and for a property named in Devanagari. */
export function makeSampleDevanagariInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const invoice = makeSampleTaxInvoice();
  return makeSampleTaxInvoice({
    recipient: { ...SAMPLE_GUEST, name: 'अनन्या देशपांडे', address: 'शिवाजीनगर, पुणे, महाराष्ट्र ४११००५' },
    stay: { ...SAMPLE_STAY, property_name: 'सूर्यास्त व्हिला, लोणावळा' },
    lines: invoice.lines.map((line, index) =>
      index === 0 ? { ...line, description: 'सूर्यास्त व्हिला येथे मुक्काम, ३ रात्री (12–15 Dec 2026)' } : line,
    ),
    ...overrides,
  });
}

/**
 * A guest's name and address in each script an invoice prints beside Latin and Devanagari, as a guest
 * would type them (the Dubai apartment's guests write Arabic, with Latin and digits in the address).
 * `rightToLeft`: the script reads right to left.
 */
export const SAMPLE_GUESTS_BY_SCRIPT: readonly {
  script: string;
  name: string;
  address: string;
  rightToLeft?: boolean;
}[] = [
  {
    script: 'Arabic',
    rightToLeft: true,
    name: 'محمد عبد الله',
    address: 'شقة 1204، برج خليفة، Downtown Dubai، دبي',
  },
  { script: 'Hebrew', rightToLeft: true, name: 'נועה כהן', address: 'רחוב דיזנגוף 50, תל אביב' },
  { script: 'Gujarati', name: 'કિંજલ પટેલ', address: 'સી.જી. રોડ, અમદાવાદ, ગુજરાત ૩૮૦૦૦૯' },
  { script: 'Tamil', name: 'கார்த்திக் சுப்பிரமணியன்', address: 'அண்ணா சாலை, சென்னை 600002' },
  { script: 'Telugu', name: 'శ్రీనివాస్ రెడ్డి', address: 'బంజారా హిల్స్, హైదరాబాద్ 500034' },
  { script: 'Kannada', name: 'ಸೌಮ್ಯಾ ಶೆಟ್ಟಿ', address: 'ಜಯನಗರ, ಬೆಂಗಳೂರು 560041' },
  { script: 'Bengali', name: 'সৌমিত্র চট্টোপাধ্যায়', address: 'গড়িয়াহাট রোড, কলকাতা ৭০০০১৯' },
  { script: 'Gurmukhi', name: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', address: 'ਮਾਲ ਰੋਡ, ਅੰਮ੍ਰਿਤਸਰ 143001' },
  { script: 'Malayalam', name: 'ലക്ഷ്മി നായർ', address: 'എം.ജി. റോഡ്, കൊച്ചി 682016' },
  { script: 'Odia', name: 'ସୁଭଶ୍ରୀ ମହାପାତ୍ର', address: 'ଜନପଥ, ଭୁବନେଶ୍ୱର 751001' },
  { script: 'Greek', name: 'Γιώργος Παπαδόπουλος', address: 'Οδός Ερμού 25, Αθήνα 10563' },
  { script: 'Cyrillic', name: 'Анастасия Иванова', address: 'ул. Тверская, 7, Москва 125009' },
  { script: 'Thai', name: 'สมชาย ใจดี', address: 'ถนนสุขุมวิท กรุงเทพมหานคร 10110' },
  { script: 'Chinese', name: '王小明', address: '上海市浦东新区世纪大道100号' },
  { script: 'Japanese', name: '山田 さくら', address: '東京都渋谷区神南1-2-3 グランドメゾン' },
];

/** The intra-state invoice to a guest whose name and address are in `guest`'s script. */
export function makeSampleScriptInvoice(
  guest: { name: string; address: string },
  overrides: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  return makeSampleTaxInvoice({
    recipient: { ...SAMPLE_GUEST, name: guest.name, address: guest.address },
    ...overrides,
  });
}
