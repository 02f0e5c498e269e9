// Apart from the landing page's texts: every page's footer carries these, the request page's too.
import { site } from '../site';

const place = site.placeNames.hi;

/** The tagline, the hero's heading and the footer's line on every page. */
export const taglineHi = 'जहाँ शांति बसती है';

/** The footer's texts, on every page. */
export const footerHi = {
  blurb: `${place.region}, ${place.country} में एक ऐतिहासिक क़िले के पीछे बसा लग्ज़री विला रिट्रीट।`,
  managedBy: `व्यवसाय विकास हेतु ${place.managingCity} स्थित कंपनी ${site.managingCompany.name} द्वारा प्रशासित एवं प्रबंधित।`,
  sisterBrand: `सहयोगी ब्रांड — ${site.sisterBrand.name}, विद्यार्थियों और कामकाजी पुरुषों के लिए किफ़ायती को-लिविंग।`,
};
