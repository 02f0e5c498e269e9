import { site, villa } from '../site';
import type { SiteChrome } from '../site-chrome';

const place = site.placeNames.mr;

/** The public pages' own words in Marathi. */
export const siteChromeMr: SiteChrome = {
  header: {
    brandSubtitle: 'रिट्रीट',
    bookNow: 'आता बुक करा',
    openMenu: 'मेनू उघडा',
    closeMenu: 'मेनू बंद करा',
    menu: 'मेनू',
    mainNavigation: 'मुख्य',
    languages: 'भाषा',
  },
  footer: {
    quickLinks: 'झटपट दुवे',
    more: 'आणखी',
    partnership: 'भागीदारी',
    management: 'व्हिला व्यवस्थापन',
    contact: 'संपर्क',
    phone: 'फोन',
    email: 'ई-मेल',
    website: 'वेबसाइट',
    social: 'सोशल मीडिया',
    rights: 'सर्व हक्क राखीव.',
  },
  contact: {
    phone: 'फोन',
    email: 'ई-मेल',
    address: 'पत्ता',
    website: 'वेबसाइट',
    social: 'सोशल मीडिया',
    sisterBrand: 'आमचा सहयोगी ब्रँड',
    sisterBrandDescription: 'विद्यार्थी आणि नोकरदार पुरुषांसाठी परवडणारे को-लिव्हिंग',
    sendEmail: 'आम्हाला ई-मेल पाठवा',
    visit: '{name} ला भेट द्या',
  },
  hero: { scrollToFeatures: 'व्हिलाच्या वैशिष्ट्यांकडे जा' },
  features: {
    carousel: 'व्हिलाची वैशिष्ट्ये',
    previous: 'मागील वैशिष्ट्य',
    next: 'पुढील वैशिष्ट्य',
    position: '{count} पैकी {index}',
  },
  gallery: {
    viewLarger: 'मोठे पाहा — {caption}',
    position: '{count} पैकी छायाचित्र {index}',
    previous: 'मागील छायाचित्र',
    next: 'पुढील छायाचित्र',
    close: 'बंद करा',
  },
  imageFailed: 'छायाचित्र लोड होऊ शकले नाही',
  loadingSection: '{label} लोड होत आहे…',
  postalAddress: `${place.street}, ${place.city} ${site.address.postalCode}, ${place.region}, ${place.country}`,
  partnership: { introduction: 'परिचय', comparison: 'तुलना', roadmap: 'पुढील वाटचाल' },
  notFound: {
    title: 'पान सापडले नाही',
    description: 'हे पान अस्तित्वात नाही.',
    heading: 'अरेरे! पान सापडले नाही',
    text: 'तुम्ही शोधत असलेले पान कुठेतरी भरकटले आहे. व्हिला मात्र आहे तिथेच आहे.',
    home: 'मुख्यपृष्ठावर परत जा',
  },
  meta: {
    homeDescription: `${place.city}, ${place.region} येथील ऐतिहासिक किल्ल्यापासून ${villa.distanceFromFortMetres} मीटरवरील खाजगी आलिशान व्हिला — ${villa.bedrooms} शयनकक्ष, हिरवळ, ॲम्फिथिएटर आणि ${villa.guestCapacity} पाहुण्यांसाठी कार्यक्रमांची जागा.`,
    partnershipDescription: `${site.brandName} आणि ${site.sisterBrand.name} चे भागीदार व्हा — आलिशान वेलनेस मुक्काम आणि परवडणारे को-लिव्हिंग, भारतापासून यूएई, बाली, कॅनडा आणि युरोपपर्यंत.`,
  },
};
