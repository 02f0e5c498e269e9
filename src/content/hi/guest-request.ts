import type { GuestRequestText } from '../guest-request';
import { paymentTextsHi } from './payments';
import { promiseTextsHi } from './promises';

/** The guest's request page in Hindi. */
export const guestRequestHi: GuestRequestText = {
  title: 'आपका बुकिंग अनुरोध',
  eyebrow: 'आपका बुकिंग अनुरोध',
  reference: 'संदर्भ',
  forGuest: '{name} के लिए',
  status: 'स्थिति: {status}',
  statuses: {
    awaitingConfirmation: 'आपकी पुष्टि की प्रतीक्षा है',
    pending: 'विचाराधीन',
    confirmed: 'पुष्टि हो गई',
    completed: 'संपन्न',
    cancelled: 'रद्द',
  },
  describe: {
    awaitingConfirmation:
      'कृपया हमारे भेजे ई-मेल के लिंक से {timeLeft} के भीतर (भारतीय समय {time} तक) अपने अनुरोध की पुष्टि कीजिए। तब तक ये तारीख़ें आपके लिए रुकी रहेंगी; पुष्टि न होने पर अनुरोध रद्द हो जाता है और तारीख़ें फिर खुल जाती हैं।',
    awaitingConfirmationNow:
      'कृपया हमारे भेजे ई-मेल के लिंक से अभी (भारतीय समय {time} तक) अपने अनुरोध की पुष्टि कीजिए। तब तक ये तारीख़ें आपके लिए रुकी रहेंगी; पुष्टि न होने पर अनुरोध रद्द हो जाता है और तारीख़ें फिर खुल जाती हैं।',
    pending:
      'आपने अपने अनुरोध की पुष्टि कर दी है, धन्यवाद। हम इसे देख रहे हैं और {timeLeft} के भीतर (भारतीय समय {time} तक) जवाब देंगे। तब तक ये तारीख़ें आपके लिए रुकी रहेंगी।',
    payment: promiseTextsHi.payment,
    confirmed: 'आपका ठहरना पक्का हो गया है। आपके स्वागत की हमें प्रतीक्षा रहेगी।',
    completed: 'हमारे यहाँ ठहरने के लिए धन्यवाद।',
    withdrawn: 'आपने यह अनुरोध वापस ले लिया है। तारीख़ें फिर खुल गई हैं।',
    unconfirmed:
      'ई-मेल से समय पर इस अनुरोध की पुष्टि नहीं हुई, इसलिए तारीख़ें फिर खोल दी गईं। आप चाहें तो इसे दोबारा भेज सकते हैं।',
    lapsed:
      'हम समय पर जवाब नहीं दे सके, इसलिए यह अनुरोध समाप्त हो गया और तारीख़ें फिर खोल दी गईं। आपसे कोई भुगतान नहीं लिया गया।',
    declined: 'यह अनुरोध स्वीकार नहीं हो सका, या बुकिंग रद्द कर दी गई। कोई भी सवाल हो तो कृपया हमसे संपर्क कीजिए।',
  },
  facts: {
    checkIn: 'चेक-इन',
    checkOut: 'चेक-आउट',
    guests: 'मेहमान',
    total: 'कुल',
    guestOne: '{n} मेहमान',
    guestMany: '{n} मेहमान',
    nightOne: '{n} रात',
    nightMany: '{n} रातें',
  },
  withdraw: {
    button: 'अनुरोध वापस लें',
    title: 'क्या यह अनुरोध वापस लेना है?',
    description:
      'ये तारीख़ें दूसरे मेहमानों के लिए खुल जाएँगी और हम इन्हें आपके लिए रोककर नहीं रखेंगे। इसे फिर बदला नहीं जा सकता।',
    keep: 'अनुरोध बनाए रखें',
    pending: 'वापस लिया जा रहा है…',
    failed: 'अनुरोध वापस नहीं लिया जा सका। कृपया फिर से कोशिश कीजिए।',
    done: 'आपका अनुरोध वापस ले लिया गया है। इसकी सूचना हमने आपको ई-मेल से भेज दी है।',
    refused: 'यह अनुरोध अब "{status}" है, इसलिए इसे वापस नहीं लिया जा सकता।',
    close: 'बंद करें',
  },
  questions: 'कोई सवाल? लिखिए',
  loading: 'आपका अनुरोध खुल रहा है',
  notFound: 'यह अनुरोध हमें नहीं मिला',
  notFoundText: 'शायद लिंक अधूरा है। कृपया इसे अपने ई-मेल से दोबारा खोलिए, या हमें लिखिए।',
  loadFailed: 'आपका अनुरोध खुल नहीं सका',
  checkConnection: 'कृपया अपना इंटरनेट कनेक्शन जाँचकर फिर से कोशिश कीजिए।',
  contactUs: 'हमसे संपर्क करें',
  tryAgain: 'फिर से कोशिश करें',
  // The site's payment words, as the e-mails say them; only copying by hand is the page's own.
  payment: {
    upiHeading: paymentTextsHi.upiHeading,
    otherHeading: paymentTextsHi.otherHeading,
    dueLine: paymentTextsHi.dueLine,
    upiButton: paymentTextsHi.upiButton,
    onlineButton: paymentTextsHi.onlineButton,
    upiScan: paymentTextsHi.upiScan,
    upiIdLabel: paymentTextsHi.upiIdLabel,
    payeeLabel: paymentTextsHi.payeeLabel,
    copy: paymentTextsHi.copy,
    copied: paymentTextsHi.copied,
    copyByHand: 'कृपया इसे हाथ से लिख लीजिए।',
    keepUtr: paymentTextsHi.keepUtr,
    fallbackInstructions: paymentTextsHi.fallbackInstructions,
  },
  invoices: {
    heading: 'आपके बिल',
    download: 'PDF डाउनलोड करें',
    downloadLabel: 'PDF डाउनलोड करें: {document}',
    titles: {
      'Tax Invoice': 'टैक्स इनवॉइस',
      'Bill of Supply': 'बिल ऑफ़ सप्लाई',
      Receipt: 'रसीद',
      'Credit Note': 'क्रेडिट नोट',
    },
  },
  checkIn: { title: 'ऑनलाइन चेक-इन' },
};
