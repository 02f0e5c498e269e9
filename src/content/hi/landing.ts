import { site, villa } from '../site';
import type { LandingText } from '../landing';
import { bookingFormHi } from './booking-form';
import { footerHi, taglineHi } from './footer';

const place = site.placeNames.hi;

/**
 * The landing page in Hindi, written for a Hindi reader rather than word for word. Digits stay as Indian
 * sites print them (0–9); the brand and the sister brand keep their Latin names.
 */
export const landingHi: LandingText = {
  hero: {
    tagline: taglineHi,
    headline: 'शोर से दूर, सुकून के क़रीब।',
    copy: `${site.brandName} में विलासिता और सुकून का अनुभव कीजिए — ${place.region} के एक ऐतिहासिक क़िले के पीछे बसा एक निजी विला, जहाँ आधुनिक सुख-सुविधाएँ प्रकृति की शांति से मिलती हैं।`,
    image: 'villa-dusk',
    imageAlt: 'संध्या के समय विला, खिड़कियों में जलती रोशनी, और पीछे पहाड़ी पर पुराने क़िले की दीवारें',
    facts: [
      { value: String(villa.bedrooms), label: 'शयनकक्ष' },
      { value: String(villa.guestCapacity), label: 'मेहमानों की क्षमता' },
      { value: `${villa.distanceFromFortMetres} मीटर`, label: 'क़िले से' },
      { value: '5-सितारा', label: 'अनुभव' },
    ],
    primaryAction: 'अपनी बुकिंग करें',
    secondaryAction: 'और जानें',
  },
  amenities: [
    {
      title: 'निजी लॉन',
      description: 'सुकून भरी सुबहों, योग और तारों भरी शामों के लिए सजा-सँवरा निजी लॉन।',
      icon: 'trees',
    },
    {
      title: 'इनडोर लाउंज',
      description: 'साथ बैठने, पढ़ने और आराम करने के लिए रोशनी से भरा, शांत लाउंज।',
      icon: 'sofa',
    },
    {
      title: 'रसोई की सुविधा',
      description: 'पूरी तरह सुसज्जित रसोई — आपके अपने शेफ़ के लिए या परिवार की दावत के लिए तैयार।',
      icon: 'chef-hat',
    },
    {
      title: 'मनोरम नज़ारे',
      description: 'पहाड़ियों और ऐतिहासिक क़िले के ऊपर सूर्योदय और सूर्यास्त।',
      icon: 'sunrise',
    },
    {
      title: 'आयोजन स्थल',
      description: `शादी से लेकर रिट्रीट तक, ${villa.guestCapacity} मेहमानों तक के आयोजनों के लिए।`,
      icon: 'users',
    },
    {
      title: 'एम्फ़ीथिएटर',
      description: 'खुले आसमान के नीचे आपका अपना फ़िल्म-प्रदर्शन।',
      icon: 'clapperboard',
    },
    {
      title: 'पार्किंग',
      description: `परिसर में ${villa.parkingSpaces} कारों की पार्किंग, और पास ही असीमित सार्वजनिक पार्किंग।`,
      icon: 'car',
    },
    {
      title: 'आधुनिक सुविधाएँ',
      description: 'तेज़ इंटरनेट और हर कोने में आधुनिक आराम।',
      icon: 'wifi',
    },
  ],
  features: {
    eyebrow: 'विला',
    title: 'विला की ख़ूबियाँ',
    intro: 'सुकून भरे प्रवास या यादगार जश्न के लिए जो कुछ चाहिए, सब एक ही निजी परिसर में।',
    action: 'अपना प्रवास आरक्षित करें',
  },
  gallery: {
    eyebrow: 'गैलरी',
    title: 'रिट्रीट की एक झलक',
    intro: 'शांत कमरे, खुले लॉन और क्षितिज पर पुराना क़िला।',
    items: [
      {
        image: 'villa-dusk',
        caption: 'संध्या में विला',
        alt: 'गरम रोशनी से जगमगाती खिड़कियों और ताड़ के पेड़ों के बीच संध्या में विला',
      },
      {
        image: 'private-lawn',
        caption: 'निजी लॉन',
        alt: 'सफ़ेद विला तक जाती पत्थर की पगडंडी वाला चौड़ा हरा लॉन',
      },
      {
        image: 'indoor-lounge',
        caption: 'इनडोर लाउंज',
        alt: 'क्रीम रंग का सोफ़ा, फ़्लोर लैंप और सूर्यास्त की ओर खुलती खिड़की वाला लाउंज',
      },
      {
        image: 'bedroom',
        caption: 'एक शयन-सुइट',
        alt: 'लकड़ी के सिरहाने, कलफ़ लगी सफ़ेद चादरों और ऊँची खिड़की वाला शयनकक्ष',
      },
      {
        image: 'kitchen',
        caption: 'पूरी तरह सुसज्जित रसोई',
        alt: 'लकड़ी की अलमारियों, खुली शेल्फ़ों और हरे लटकते लैंपों वाली रसोई',
      },
      {
        image: 'fort-view',
        caption: `ऐतिहासिक क़िला, ${villa.distanceFromFortMetres} मीटर दूर`,
        alt: 'सुबह की धूप में क़िले की कंगूरेदार दीवारें और बुर्ज',
      },
      {
        image: 'amphitheatre',
        caption: 'रात में एम्फ़ीथिएटर',
        alt: 'तारों भरे आसमान के नीचे जगमगाती स्क्रीन के सामने सीढ़ीदार खुली बैठक',
      },
      {
        image: 'event-evening',
        caption: 'एक शाम का जश्न',
        alt: 'झिलमिल रोशनियों तले लॉन पर मोमबत्तियों से सजी लंबी मेज़ें',
      },
    ],
  },
  about: {
    eyebrow: 'विला के बारे में',
    title: 'इतिहास के सान्निध्य में एक निजी आश्रय',
    paragraphs: [
      `${site.brandName} ${place.city}, ${place.region} में एक ऐतिहासिक क़िले से ${villa.distanceFromFortMetres} मीटर की दूरी पर बसा एक निजी विला है। एक ओर पत्थर की पुरानी दीवारें, दूसरी ओर खुला आसमान और हरे-भरे लॉन — ज़्यादा दूर गए बिना ठहरकर साँस लेने की जगह।`,
      'तीन शयनकक्ष, बग़ीचे की ओर खुलता लाउंज, पूरी तरह सुसज्जित रसोई और निजी फ़िल्म-प्रदर्शन के लिए एम्फ़ीथिएटर इसे परिवार और दोस्तों का अपना घर बना देते हैं, और लॉन व आयोजन स्थल हर छोटे-बड़े जश्न का स्वागत करते हैं।',
    ],
    image: 'sunrise-terrace',
    imageAlt: 'सूर्योदय के समय क़िले की दीवारों की ओर मुख किए सोफ़े और ताड़ के पेड़ वाला टैरेस',
    facts: [
      { value: String(villa.bedrooms), label: 'शयनकक्ष' },
      { value: String(villa.guestCapacity), label: 'आयोजनों में मेहमान' },
      { value: String(villa.parkingSpaces), label: 'परिसर में पार्किंग स्थान' },
      { value: `${villa.distanceFromFortMetres} मीटर`, label: 'ऐतिहासिक क़िले से' },
    ],
  },
  booking: {
    eyebrow: 'आरक्षण',
    title: 'अपनी बुकिंग करें',
    intro:
      'अपनी तारीख़ें चुनिए, बताइए कौन-कौन आ रहा है और हमें किस चीज़ की तैयारी करनी है। हम रातें आपके लिए रोक लेते हैं और ई-मेल से स्वयं पुष्टि करते हैं।',
    alternative: 'लिखकर या बात करके तय करना चाहेंगे?',
    emailSubject: `बुकिंग अनुरोध — ${site.brandName}`,
    emailLabel: 'अपना अनुरोध ई-मेल करें',
    phoneLabel: 'हमें फ़ोन करें',
    note: 'हर अनुरोध का जवाब विला की टीम स्वयं देती है।',
  },
  bookingForm: bookingFormHi,
  contact: {
    eyebrow: 'संपर्क',
    title: 'हमसे संपर्क करें',
    intro: 'ठहरने, किसी आयोजन या मुलाक़ात के बारे में कोई सवाल? हमें आपसे बात करके ख़ुशी होगी।',
  },
  footer: footerHi,
};
