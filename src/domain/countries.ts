/**
 * Nationalities as ISO 3166-1 alpha-2 codes (what Form C and the register store), named in English by the
 * platform's own list of region names, so no table of names is kept here.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');
const KNOWN = new Set(COUNTRY_CODES);

export const INDIA = 'IN';

export function isCountryCode(value: string): boolean {
  return KNOWN.has(value);
}

const names = new Map<string, Intl.DisplayNames>();

/** "DE" → "Germany" (in a locale's words: "जर्मनी" in `hi`); an unknown code is shown as it is. */
export function nameCountry(code: string, locale = 'en'): string {
  let display = names.get(locale);
  if (!display) {
    display = new Intl.DisplayNames([locale], { type: 'region' });
    names.set(locale, display);
  }
  try {
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every nationality, India first (most guests), then by name in the locale's order. */
export function listCountries(locale = 'en'): { code: string; name: string }[] {
  const rest = COUNTRY_CODES.filter((code) => code !== INDIA)
    .map((code) => ({ code, name: nameCountry(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return [{ code: INDIA, name: nameCountry(INDIA, locale) }, ...rest];
}
