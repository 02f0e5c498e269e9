/**
 * GSTIN (GST identification number) checks: shape, state code, the PAN it embeds and its check
 * character, each refused with a message that says what is wrong, so a typo is caught at the form.
 */

/** The GST state codes and the state or territory each names (97: Other Territory). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

export const GST_STATE_CODES = Object.keys(GST_STATES).sort();

export function isGstStateCode(code: string): boolean {
  return Object.hasOwn(GST_STATES, code);
}

export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character for a GSTIN's first 14 characters (the standard mod-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i] ?? '');
    if (value < 0) throw new Error(`"${first14[i]}" cannot be in a GSTIN`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN, or null when it is valid (and, with a PAN, belongs to it). */
export function gstinProblem(gstin: string, pan?: string | null): string | null {
  if (gstin.length !== 15) return `GSTIN must be 15 characters (this one has ${gstin.length})`;
  if (!GSTIN_SHAPE.test(gstin)) {
    return 'GSTIN must be 2 digits of state, the 10-character PAN, an entity number, Z and a check character (capital letters)';
  }
  const state = gstin.slice(0, 2);
  if (!isGstStateCode(state)) return `GSTIN's state code ${state} is not a GST state`;
  const embeddedPan = gstin.slice(2, 12);
  if (pan && embeddedPan !== pan)
    return `GSTIN carries the PAN ${embeddedPan}, not the business's PAN ${pan}`;
  const expected = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin[14] !== expected) {
    return `GSTIN's check character should be ${expected}: a character is mistyped`;
  }
  return null;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}
