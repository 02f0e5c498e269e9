import type { GuestRequestText } from '../guest-request';
import { paymentTextsMr } from './payments';
import { promiseTextsMr } from './promises';

/** The guest's request page in Marathi. */
export const guestRequestMr: GuestRequestText = {
  title: 'आपली बुकिंग विनंती',
  eyebrow: 'आपली बुकिंग विनंती',
  reference: 'संदर्भ',
  forGuest: '{name} यांच्यासाठी',
  status: 'स्थिती: {status}',
  statuses: {
    awaitingConfirmation: 'आपल्या खात्रीची प्रतीक्षा आहे',
    pending: 'विचाराधीन',
    confirmed: 'निश्चित',
    completed: 'पूर्ण',
    cancelled: 'रद्द',
  },
  describe: {
    awaitingConfirmation:
      'आम्ही पाठवलेल्या ई-मेलमधील लिंकने {timeLeft} संपण्याआधी (भारतीय वेळेनुसार {time} पर्यंत) कृपया आपल्या विनंतीची खात्री करा. तोपर्यंत या तारखा आपल्यासाठी राखून ठेवल्या आहेत; खात्री न केलेली विनंती रद्द होते आणि तारखा पुन्हा खुल्या होतात.',
    awaitingConfirmationNow:
      'आम्ही पाठवलेल्या ई-मेलमधील लिंकने आत्ताच (भारतीय वेळेनुसार {time} पर्यंत) कृपया आपल्या विनंतीची खात्री करा. तोपर्यंत या तारखा आपल्यासाठी राखून ठेवल्या आहेत; खात्री न केलेली विनंती रद्द होते आणि तारखा पुन्हा खुल्या होतात.',
    pending:
      'आपण विनंतीची खात्री केली आहे, धन्यवाद. आम्ही ती पाहत आहोत आणि {timeLeft} संपण्याआधी (भारतीय वेळेनुसार {time} पर्यंत) उत्तर देऊ. तोपर्यंत या तारखा आपल्यासाठी राखून ठेवल्या आहेत.',
    payment: promiseTextsMr.payment,
    confirmed: 'आपला मुक्काम निश्चित झाला आहे. आपल्या स्वागताची आम्ही आतुरतेने वाट पाहत आहोत.',
    completed: 'आमच्याकडे मुक्काम केल्याबद्दल धन्यवाद.',
    withdrawn: 'आपण ही विनंती मागे घेतली आहे. तारखा पुन्हा खुल्या झाल्या आहेत.',
    unconfirmed: 'ई-मेलमधून वेळेत या विनंतीची खात्री झाली नाही, त्यामुळे तारखा पुन्हा खुल्या केल्या. आपण ती पुन्हा पाठवू शकता.',
    lapsed:
      'आम्ही वेळेत उत्तर देऊ शकलो नाही, त्यामुळे ही विनंती रद्द झाली आणि तारखा पुन्हा खुल्या केल्या. आपल्याकडून कोणतेही शुल्क घेतलेले नाही.',
    declined: 'ही विनंती स्वीकारता आली नाही, किंवा बुकिंग रद्द झाले. काही प्रश्न असल्यास कृपया आमच्याशी संपर्क साधा.',
  },
  facts: {
    checkIn: 'चेक-इन',
    checkOut: 'चेक-आउट',
    guests: 'पाहुणे',
    total: 'एकूण',
    guestOne: '{n} पाहुणा',
    guestMany: '{n} पाहुणे',
    nightOne: '{n} रात्र',
    nightMany: '{n} रात्री',
  },
  withdraw: {
    button: 'विनंती मागे घ्या',
    title: 'ही विनंती मागे घ्यायची?',
    description:
      'या तारखा इतर पाहुण्यांसाठी खुल्या होतील आणि आम्ही त्या आपल्यासाठी राखून ठेवणार नाही. हे नंतर बदलता येणार नाही.',
    keep: 'विनंती कायम ठेवा',
    pending: 'मागे घेत आहोत…',
    failed: 'विनंती मागे घेता आली नाही. कृपया पुन्हा प्रयत्न करा.',
    done: 'आपली विनंती मागे घेतली आहे. तसे कळवणारा ई-मेल आम्ही आपल्याला पाठवला आहे.',
    refused: 'ही विनंती आता "{status}" आहे, त्यामुळे ती मागे घेता येणार नाही.',
    close: 'बंद करा',
  },
  questions: 'काही प्रश्न? लिहा',
  loading: 'आपली विनंती उघडत आहे',
  notFound: 'ही विनंती आम्हाला सापडली नाही',
  notFoundText: 'कदाचित लिंक अपूर्ण आहे. कृपया ती आपल्या ई-मेलमधून पुन्हा उघडा, किंवा आम्हाला लिहा.',
  loadFailed: 'आपली विनंती उघडता आली नाही',
  checkConnection: 'कृपया आपले इंटरनेट कनेक्शन तपासून पुन्हा प्रयत्न करा.',
  contactUs: 'आमच्याशी संपर्क साधा',
  tryAgain: 'पुन्हा प्रयत्न करा',
  // The site's payment words, as the e-mails say them; only copying by hand is the page's own.
  payment: {
    upiHeading: paymentTextsMr.upiHeading,
    otherHeading: paymentTextsMr.otherHeading,
    dueLine: paymentTextsMr.dueLine,
    upiButton: paymentTextsMr.upiButton,
    onlineButton: paymentTextsMr.onlineButton,
    upiScan: paymentTextsMr.upiScan,
    upiIdLabel: paymentTextsMr.upiIdLabel,
    payeeLabel: paymentTextsMr.payeeLabel,
    copy: paymentTextsMr.copy,
    copied: paymentTextsMr.copied,
    copyByHand: 'कृपया तो हाताने लिहून घ्या.',
    keepUtr: paymentTextsMr.keepUtr,
    fallbackInstructions: paymentTextsMr.fallbackInstructions,
  },
  invoices: {
    heading: 'आपली बिले',
    download: 'PDF डाउनलोड करा',
    downloadLabel: 'PDF डाउनलोड करा: {document}',
    titles: {
      'Tax Invoice': 'टॅक्स इनव्हॉइस',
      'Bill of Supply': 'बिल ऑफ सप्लाय',
      Receipt: 'पावती',
      'Credit Note': 'क्रेडिट नोट',
    },
  },
  checkIn: { title: 'ऑनलाइन चेक-इन' },
};
