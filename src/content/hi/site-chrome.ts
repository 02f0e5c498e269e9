import { site, villa } from '../site';
import type { SiteChrome } from '../site-chrome';

const place = site.placeNames.hi;

/** The public pages' own words in Hindi. */
export const siteChromeHi: SiteChrome = {
  header: {
    brandSubtitle: 'रिट्रीट',
    bookNow: 'अभी बुक करें',
    openMenu: 'मेन्यू खोलें',
    closeMenu: 'मेन्यू बंद करें',
    menu: 'मेन्यू',
    mainNavigation: 'मुख्य',
    languages: 'भाषा',
  },
  footer: {
    quickLinks: 'त्वरित लिंक',
    more: 'और भी',
    partnership: 'साझेदारी',
    management: 'विला प्रबंधन',
    contact: 'संपर्क',
    phone: 'फ़ोन',
    email: 'ई-मेल',
    website: 'वेबसाइट',
    social: 'सोशल मीडिया',
    rights: 'सर्वाधिकार सुरक्षित।',
  },
  contact: {
    phone: 'फ़ोन',
    email: 'ई-मेल',
    address: 'पता',
    website: 'वेबसाइट',
    social: 'सोशल मीडिया',
    sisterBrand: 'हमारा सहयोगी ब्रांड',
    sisterBrandDescription: 'विद्यार्थियों और कामकाजी पुरुषों के लिए किफ़ायती को-लिविंग',
    sendEmail: 'हमें ई-मेल भेजें',
    visit: '{name} देखें',
  },
  hero: { scrollToFeatures: 'विला की ख़ूबियों तक जाएँ' },
  features: {
    carousel: 'विला की ख़ूबियाँ',
    previous: 'पिछली ख़ूबी',
    next: 'अगली ख़ूबी',
    position: '{count} में से {index}',
  },
  gallery: {
    viewLarger: 'बड़ा देखें — {caption}',
    position: '{count} में से चित्र {index}',
    previous: 'पिछला चित्र',
    next: 'अगला चित्र',
    close: 'बंद करें',
  },
  imageFailed: 'चित्र लोड नहीं हो सका',
  loadingSection: '{label} लोड हो रहा है…',
  postalAddress: `${place.street}, ${place.city} ${site.address.postalCode}, ${place.region}, ${place.country}`,
  partnership: { introduction: 'परिचय', comparison: 'तुलना', roadmap: 'आगे की राह' },
  notFound: {
    title: 'पेज नहीं मिला',
    description: 'यह पेज मौजूद नहीं है।',
    heading: 'ओह! पेज नहीं मिला',
    text: 'आप जिस पेज को ढूँढ रहे हैं, वह कहीं भटक गया है। विला, हाँ, अपनी जगह पर ही है।',
    home: 'मुखपृष्ठ पर लौटें',
  },
  meta: {
    homeDescription: `${place.city}, ${place.region} में एक ऐतिहासिक क़िले से ${villa.distanceFromFortMetres} मीटर दूर एक निजी लग्ज़री विला — ${villa.bedrooms} शयनकक्ष, लॉन, एम्फ़ीथिएटर और ${villa.guestCapacity} मेहमानों के लिए आयोजन स्थल।`,
    partnershipDescription: `${site.brandName} और ${site.sisterBrand.name} के साझेदार बनें — लग्ज़री वेलनेस प्रवास और किफ़ायती को-लिविंग, भारत से यूएई, बाली, कनाडा और यूरोप तक।`,
  },
};
