import type { GuestMessageTexts } from '../messages';
import { site } from '../site';
import { promiseTextsHi } from './promises';

/**
 * The e-mails a guest receives, in Hindi: written for a Hindi reader rather than word for word, with the
 * same {placeholders} as the English ones (src/content/messages.ts says what each holds).
 */
export const messageTextsHi: GuestMessageTexts = {
  footer: `${site.brandName} · ${site.placeNames.hi.street}, ${site.placeNames.hi.city}, ${site.placeNames.hi.region}, ${site.placeNames.hi.country}`,
  contactLine: `कोई सवाल हो तो इस ई-मेल का जवाब दीजिए, ${site.email} पर लिखिए या ${site.phone} पर फ़ोन कीजिए।`,
  requestLinkLabel: 'अपना अनुरोध देखें',
  confirmLinkLabel: 'मेरे अनुरोध की पुष्टि करें',
  hostMessageLabel: 'हमारी ओर से एक संदेश:',
  automaticNote: 'यह ई-मेल आपको इसलिए मिला है क्योंकि हमारी वेबसाइट पर बुकिंग का अनुरोध भेजा गया था।',
  stayNote: 'यह ई-मेल आपको हमारे यहाँ आपके ठहराव के सिलसिले में भेजा गया है।',
  soon: 'जल्द ही',
  labels: {
    reference: 'संदर्भ',
    property: 'विला',
    checkIn: 'चेक-इन',
    checkOut: 'चेक-आउट',
    nights: 'रातें',
    guests: 'मेहमान',
    subtotal: 'उप-योग',
    total: 'कुल',
    quotedTotal: 'बताई गई कुल राशि',
    newTotal: 'नई कुल राशि',
    previousTotal: 'पहले {amount}',
    amount: 'राशि',
    received: 'प्राप्त राशि',
    paidBy: 'भुगतान का माध्यम',
    receiptReference: 'भुगतान का संदर्भ',
    receivedOn: 'प्राप्ति की तारीख़',
    credited: 'क्रेडिट नोट',
    paidSoFar: 'अब तक चुकाया',
    leftToPay: 'बाक़ी भुगतान',
    depositHeld: 'जमा सिक्योरिटी डिपॉज़िट',
  },
  kinds: {
    request_received: {
      subject: 'कृपया अपने अनुरोध {reference} की पुष्टि कीजिए',
      heading: 'बस एक क़दम बाक़ी है: अपने अनुरोध की पुष्टि कीजिए',
      intro:
        '{property} में ठहरने के आपके अनुरोध के लिए धन्यवाद। कृपया {confirmBy} (भारतीय समय) तक नीचे दिए लिंक से इसकी पुष्टि कीजिए: तब तक ये तारीख़ें हम आपके लिए रोककर रखते हैं, और पुष्टि न होने पर अनुरोध अपने-आप रद्द हो जाता है और तारीख़ें फिर खुल जाती हैं। अगर यह अनुरोध आपने नहीं भेजा, तो इस ई-मेल को अनदेखा कर दीजिए; आगे कुछ नहीं होगा।',
      next: `पुष्टि के बाद, जब तक हम आपका अनुरोध देखते हैं, ये तारीख़ें आपके लिए रुकी रहती हैं, और हम {deadline} (भारतीय समय) तक जवाब देते हैं। ${promiseTextsHi.payment} अपने अनुरोध के पेज पर आप कभी भी इसकी स्थिति देख सकते हैं, या इसे वापस ले सकते हैं।`,
    },
    request_confirmed: {
      subject: 'आपका ठहराव पक्का हो गया है: {reference}',
      heading: 'आपका ठहराव पक्का हो गया है',
      intro: 'ख़ुशख़बरी: {property} में आपका ठहराव पक्का हो गया है। आपके स्वागत की हमें प्रतीक्षा रहेगी।',
      next: 'आपके आने से पहले हम आपको रास्ते और चेक-इन की पूरी जानकारी भेजेंगे।',
    },
    request_declined: {
      subject: 'आपका अनुरोध {reference} स्वीकार नहीं हो सका',
      heading: 'हमें खेद है',
      intro: 'इन तारीख़ों पर {property} के लिए आपका अनुरोध हम स्वीकार नहीं कर पा रहे हैं। ये तारीख़ें अब फिर से खुल गई हैं।',
      next: 'हो सकता है दूसरी तारीख़ें उपलब्ध हों: हमारी वेबसाइट पर कैलेंडर देखिए, या हमें लिखिए।',
    },
    booking_cancelled: {
      subject: 'आपकी बुकिंग {reference} रद्द कर दी गई है',
      heading: 'आपकी बुकिंग रद्द हो गई है',
      intro: '{property} में आपकी बुकिंग रद्द कर दी गई है।',
      next: 'अगर आपको इसकी अपेक्षा नहीं थी, तो कृपया हमसे संपर्क कीजिए।',
    },
    booking_changed: {
      subject: 'आपकी बुकिंग {reference} में बदलाव हुआ है',
      heading: 'आपकी बुकिंग में बदलाव हुआ है',
      intro: '{property} में आपकी बुकिंग में हमने बदलाव किया है। क्या बदला है:',
      next: 'आपकी बुकिंग अब जैसी है, वह नीचे दी गई है। अगर कुछ भी आपकी अपेक्षा के अनुसार न हो, तो कृपया हमसे संपर्क कीजिए।',
    },
    request_lapsed: {
      subject: 'आपके अनुरोध {reference} की अवधि समाप्त हो गई है',
      heading: 'आपके अनुरोध की अवधि समाप्त हो गई है',
      intro:
        'हमें खेद है: {property} के लिए आपके अनुरोध का हम समय पर जवाब नहीं दे सके, इसलिए उसकी अवधि समाप्त हो गई है और तारीख़ें फिर से खुल गई हैं। आपसे कोई भुगतान नहीं लिया गया है।',
      next: 'अगर आप अब भी हमारे यहाँ ठहरना चाहें, तो कृपया नया अनुरोध भेजिए या हमें लिखिए।',
    },
    request_withdrawn: {
      subject: 'आपने अपना अनुरोध {reference} वापस ले लिया है',
      heading: 'आपका अनुरोध वापस ले लिया गया है',
      intro: 'आपके कहे अनुसार, {property} के लिए आपका अनुरोध वापस ले लिया गया है और तारीख़ें फिर से खुल गई हैं।',
      next: 'आशा है, किसी और अवसर पर हम आपका स्वागत कर सकेंगे।',
    },
    payment_reminder: {
      subject: 'भुगतान की याद: {date} तक {amount} देय ({reference})',
      heading: 'आपका भुगतान जल्द देय है',
      intro:
        '{property} में आपके ठहराव के बारे में एक विनम्र स्मरण: {date} तक {amount} देय है। भुगतान का तरीक़ा नीचे दिया गया है।',
      next: 'अगर आप भुगतान कर चुके हैं, तो धन्यवाद: आपको और कुछ नहीं करना है, और भुगतान हम तक पहुँचते ही हम उसकी पुष्टि कर देंगे।',
    },
    payment_link: {
      subject: 'अपने ठहराव {reference} के लिए {amount} ऑनलाइन चुकाएँ',
      heading: 'आप ऑनलाइन भुगतान कर सकते हैं',
      intro:
        '{property} में अपने ठहराव के लिए {amount} आप ऑनलाइन चुका सकते हैं — UPI, कार्ड या नेटबैंकिंग से, हमारे भुगतान सेवा-प्रदाता Razorpay के सुरक्षित पेज पर।',
      next: 'भुगतान होते ही हमें उसकी जानकारी मिल जाती है: आपको और कुछ नहीं करना है।',
    },
    invoice_issued: {
      subject: 'ठहराव {reference} के लिए {document} {number}',
      heading: '{document} — आपके ठहराव के लिए',
      intro: '{property} में आपके ठहराव के लिए {document} {number} ({amount}) इस ई-मेल के साथ संलग्न है।',
      next: 'यह दस्तावेज़ आप अपने अनुरोध के पेज से भी कभी भी डाउनलोड कर सकते हैं।',
    },
    payment_receipt: {
      subject: 'भुगतान मिल गया: आपके ठहराव {reference} के लिए {amount}',
      heading: 'धन्यवाद: आपका भुगतान हमें मिल गया है',
      intro: '{property} में आपके ठहराव के लिए हमें {amount} मिल गए हैं, और हमने इन्हें आपकी बुकिंग में दर्ज कर लिया है।',
      next: 'आपने कितना चुकाया है, कितना बाक़ी है और उसे कैसे चुकाना है, यह आप अपने अनुरोध के पेज पर कभी भी देख सकते हैं।',
    },
  },
  documents: {
    tax_invoice: 'टैक्स इनवॉइस',
    bill_of_supply: 'बिल ऑफ़ सप्लाई',
    receipt: 'रसीद',
    credit_note: 'क्रेडिट नोट',
  },
  receipt: {
    paidInFull: 'आपके ठहराव का पूरा भुगतान हो गया है: अब कुछ भी देय नहीं है।',
    leftToPay: '{balance} का भुगतान बाक़ी है, जो {when} देय है।',
    leftInParts: '{balance} का भुगतान बाक़ी है: इसमें से {amount} {when} देय है, और बाक़ी {restDate} तक।',
    byDate: '{date} तक',
    dueNow: 'अभी',
    overpaid: 'आपने अपने ठहराव की राशि से {overpaid} अधिक चुकाए हैं: इन्हें लौटाने के लिए हम आपसे संपर्क करेंगे।',
    depositSubject: 'सिक्योरिटी डिपॉज़िट मिल गया: आपके ठहराव {reference} के लिए {amount}',
    depositHeading: 'धन्यवाद: आपका सिक्योरिटी डिपॉज़िट हमें मिल गया है',
    depositIntro:
      '{property} में आपके ठहराव के लिए {amount} का सिक्योरिटी डिपॉज़िट हमें मिल गया है। यह वापसी-योग्य है: आपके ठहराव के बाद इसे आपको लौटा दिया जाता है।',
    methods: {
      upi: 'UPI',
      bank_transfer: 'बैंक ट्रांसफ़र',
      cash: 'नक़द',
      card: 'कार्ड',
      razorpay: 'ऑनलाइन (Razorpay)',
      channel: 'बुकिंग साइट के ज़रिए',
    },
  },
};
