import { site } from '../site';
import type { PaymentTexts } from '../payments';

/** What guests are told about paying, in Hindi (the confirmation, a reminder, a payment link). */
export const paymentTextsHi: PaymentTexts = {
  upiHeading: 'UPI से {amount} चुकाइए',
  otherHeading: '{amount} कैसे चुकाएँ',
  dueLine: '{date} तक देय',
  upiButton: 'UPI ऐप से भुगतान करें',
  onlineButton: 'ऑनलाइन भुगतान करें (UPI, कार्ड, नेटबैंकिंग)',
  upiScan: 'या किसी भी UPI ऐप (Google Pay, PhonePe, Paytm, BHIM, आपके बैंक का ऐप) से यह कोड स्कैन कीजिए।',
  upiIdLabel: 'UPI आईडी',
  payeeLabel: 'किसे भुगतान',
  referenceLabel: 'संदर्भ',
  qrLabel: '{payee} को {amount} चुकाने के लिए UPI QR कोड',
  copy: 'UPI आईडी कॉपी करें',
  copied: 'UPI आईडी कॉपी हो गई',
  keepUtr:
    'भुगतान के बाद UTR (आपका ऐप जो 12 अंकों का लेन-देन नंबर दिखाता है) सँभालकर रखिए। भुगतान हम तक पहुँचते ही हम उसे दर्ज करके आपको पुष्टि भेजेंगे।',
  fallbackInstructions: `भुगतान के लिए हम आपको अपने बैंक का विवरण भेजेंगे: हमारे ई-मेल का जवाब दीजिए या ${site.email} पर लिखिए, और अपना बुकिंग संदर्भ ज़रूर बताइए। आप ${site.phone} पर फ़ोन भी कर सकते हैं।`,
};
