import { site, villa } from '../site';
import type { LandingText } from '../landing';
import { bookingFormMr } from './booking-form';
import { footerMr, taglineMr } from './footer';

const place = site.placeNames.mr;

/**
 * The landing page in Marathi, written for a Marathi reader rather than word for word. Digits stay as Indian
 * sites print them (0–9); the brand and the sister brand keep their Latin names.
 */
export const landingMr: LandingText = {
  hero: {
    tagline: taglineMr,
    headline: 'गोंगाटाला निरोप द्या, निवांत ऐश्वर्याचा अनुभव घ्या.',
    copy: `${site.brandName} मध्ये ऐशआराम आणि निवांतपणा अनुभवा — ${place.inRegion} एका ऐतिहासिक किल्ल्यामागे वसलेला खाजगी व्हिला, जिथे आधुनिक सुखसोयी आणि निसर्गाची शांतता एकत्र येतात.`,
    image: 'villa-dusk',
    imageAlt: 'संध्याकाळी उजळलेल्या खिडक्यांचा व्हिला आणि मागे टेकडीवर जुन्या किल्ल्याच्या भिंती',
    facts: [
      { value: String(villa.bedrooms), label: 'शयनकक्ष' },
      { value: String(villa.guestCapacity), label: 'पाहुण्यांची क्षमता' },
      { value: `${villa.distanceFromFortMetres} मीटर`, label: 'किल्ल्यापासून' },
      { value: '5-तारांकित', label: 'अनुभव' },
    ],
    primaryAction: 'आपला मुक्काम बुक करा',
    secondaryAction: 'अधिक जाणून घ्या',
  },
  amenities: [
    {
      title: 'खाजगी हिरवळ',
      description: 'निवांत सकाळी, योगासने आणि चांदण्या रात्रींसाठी नीटनेटकी खाजगी हिरवळ.',
      icon: 'trees',
    },
    {
      title: 'इनडोअर लाउंज',
      description: 'एकत्र बसण्यासाठी, वाचनासाठी आणि विसाव्यासाठी प्रकाशमान, शांत दिवाणखाना.',
      icon: 'sofa',
    },
    {
      title: 'स्वयंपाकघराची सोय',
      description: 'सर्व सोयींनी युक्त स्वयंपाकघर — तुमच्या आचाऱ्यासाठी किंवा कौटुंबिक मेजवानीसाठी सज्ज.',
      icon: 'chef-hat',
    },
    {
      title: 'नयनरम्य दृश्ये',
      description: 'डोंगररांगा आणि ऐतिहासिक किल्ल्यावरचा सूर्योदय आणि सूर्यास्त.',
      icon: 'sunrise',
    },
    {
      title: 'कार्यक्रमांसाठी जागा',
      description: `लग्नसोहळ्यांपासून रिट्रीटपर्यंत, ${villa.guestCapacity} पाहुण्यांपर्यंतच्या कार्यक्रमांसाठी.`,
      icon: 'users',
    },
    {
      title: 'ॲम्फिथिएटर',
      description: 'मोकळ्या आकाशाखाली तुमचे स्वतःचे चित्रपट-प्रदर्शन.',
      icon: 'clapperboard',
    },
    {
      title: 'पार्किंग',
      description: `आवारात ${villa.parkingSpaces} गाड्यांसाठी पार्किंग, शिवाय जवळच भरपूर सार्वजनिक पार्किंग.`,
      icon: 'car',
    },
    {
      title: 'आधुनिक सुविधा',
      description: 'वेगवान इंटरनेट आणि घरभर आधुनिक सुखसोयी.',
      icon: 'wifi',
    },
  ],
  features: {
    eyebrow: 'व्हिला',
    title: 'व्हिलाची वैशिष्ट्ये',
    intro: 'निवांत मुक्कामासाठी किंवा अविस्मरणीय सोहळ्यासाठी लागणारे सर्व काही, एकाच खाजगी परिसरात.',
    action: 'आपला मुक्काम आरक्षित करा',
  },
  gallery: {
    eyebrow: 'छायाचित्रे',
    title: 'रिट्रीटची एक झलक',
    intro: 'शांत खोल्या, मोकळी हिरवळ आणि क्षितिजावर जुना किल्ला.',
    items: [
      {
        image: 'villa-dusk',
        caption: 'संध्याकाळचा व्हिला',
        alt: 'उबदार प्रकाशाने उजळलेल्या खिडक्या आणि ताडाची झाडे असलेला संध्याकाळचा व्हिला',
      },
      {
        image: 'private-lawn',
        caption: 'खाजगी हिरवळ',
        alt: 'पांढऱ्या व्हिलाकडे जाणारी दगडी पायवाट असलेली विस्तीर्ण हिरवळ',
      },
      {
        image: 'indoor-lounge',
        caption: 'इनडोअर लाउंज',
        alt: 'क्रीम रंगाचा सोफा, उभा दिवा आणि सूर्यास्ताकडे उघडणारी खिडकी असलेला दिवाणखाना',
      },
      {
        image: 'bedroom',
        caption: 'एक शयनकक्ष',
        alt: 'लाकडी उशागत, स्वच्छ कडक चादरी आणि उंच खिडकी असलेला शयनकक्ष',
      },
      {
        image: 'kitchen',
        caption: 'सर्व सोयींनी युक्त स्वयंपाकघर',
        alt: 'लाकडी कपाटे, उघडे कप्पे आणि हिरवे लटकते दिवे असलेले स्वयंपाकघर',
      },
      {
        image: 'fort-view',
        caption: `ऐतिहासिक किल्ला, ${villa.distanceFromFortMetres} मीटर अंतरावर`,
        alt: 'सकाळच्या उन्हात किल्ल्याच्या चऱ्यांच्या भिंती आणि बुरूज',
      },
      {
        image: 'amphitheatre',
        caption: 'रात्रीचे ॲम्फिथिएटर',
        alt: 'तारांकित आकाशाखाली उजळलेल्या पडद्यासमोर पायऱ्यांची मोकळी आसनव्यवस्था',
      },
      {
        image: 'event-evening',
        caption: 'एक संध्याकाळचा सोहळा',
        alt: 'दिव्यांच्या माळांखाली हिरवळीवर मेणबत्त्यांनी सजलेली लांब टेबले',
      },
    ],
  },
  about: {
    eyebrow: 'व्हिलाविषयी',
    title: 'इतिहासाच्या सान्निध्यात एक खाजगी विसावा',
    paragraphs: [
      `${site.brandName} हा ${place.city}, ${place.region} येथील एका ऐतिहासिक किल्ल्यापासून ${villa.distanceFromFortMetres} मीटरवर वसलेला खाजगी व्हिला आहे. एका बाजूला जुन्या दगडी भिंती, दुसऱ्या बाजूला मोकळे आकाश आणि हिरवीगार हिरवळ — फार दूर न जाता निवांत होण्याची जागा.`,
      'तीन शयनकक्ष, बागेकडे उघडणारा दिवाणखाना, सर्व सोयींनी युक्त स्वयंपाकघर आणि खाजगी चित्रपट-प्रदर्शनासाठी ॲम्फिथिएटर यांमुळे हा व्हिला कुटुंब आणि मित्रमंडळींसाठी हक्काचे घर बनतो, तर हिरवळ आणि कार्यक्रमांची जागा लहान-मोठ्या प्रत्येक सोहळ्याचे स्वागत करते.',
    ],
    image: 'sunrise-terrace',
    imageAlt: 'सूर्योदयाच्या वेळी किल्ल्याच्या भिंतींकडे तोंड असलेला सोफा आणि ताडाचे झाड असलेली गच्ची',
    facts: [
      { value: String(villa.bedrooms), label: 'शयनकक्ष' },
      { value: String(villa.guestCapacity), label: 'कार्यक्रमांसाठी पाहुणे' },
      { value: String(villa.parkingSpaces), label: 'आवारातील पार्किंग जागा' },
      { value: `${villa.distanceFromFortMetres} मीटर`, label: 'ऐतिहासिक किल्ल्यापासून' },
    ],
  },
  booking: {
    eyebrow: 'आरक्षण',
    title: 'आपला मुक्काम बुक करा',
    intro:
      'तारखा निवडा, कोण कोण येत आहे आणि आम्ही कशाची तयारी करावी ते सांगा. आम्ही त्या रात्री तुमच्यासाठी राखून ठेवतो आणि ई-मेलद्वारे स्वतः निश्चित करतो.',
    alternative: 'लिहून किंवा बोलून ठरवायचे आहे?',
    emailSubject: `बुकिंग विनंती — ${site.brandName}`,
    emailLabel: 'तुमची विनंती ई-मेल करा',
    phoneLabel: 'आम्हाला फोन करा',
    note: 'प्रत्येक विनंतीला व्हिलाची टीम स्वतः उत्तर देते.',
  },
  bookingForm: bookingFormMr,
  contact: {
    eyebrow: 'संपर्क',
    title: 'आमच्याशी संपर्क साधा',
    intro: 'मुक्काम, कार्यक्रम किंवा भेटीबद्दल काही प्रश्न? तुमच्याशी बोलायला आम्हाला आनंदच होईल.',
  },
  footer: footerMr,
};
