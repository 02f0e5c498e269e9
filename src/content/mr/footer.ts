// Apart from the landing page's texts: every page's footer carries these, the request page's too.
import { site } from '../site';

const place = site.placeNames.mr;

/** The tagline, the hero's heading and the footer's line on every page. */
export const taglineMr = 'जिथे शांतता नांदते';

/** The footer's texts, on every page. */
export const footerMr = {
  blurb: `${place.region}, ${place.country} येथील एका ऐतिहासिक किल्ल्यामागे वसलेले आलिशान व्हिला रिट्रीट.`,
  managedBy: `व्यवसाय विकासासाठी ${place.managingCity}स्थित कंपनी ${site.managingCompany.name} द्वारे प्रशासित व व्यवस्थापित.`,
  sisterBrand: `सहयोगी ब्रँड — ${site.sisterBrand.name}, विद्यार्थी आणि नोकरदार पुरुषांसाठी परवडणारे को-लिव्हिंग.`,
};
