import { site } from '../site';
import type { PaymentTexts } from '../payments';

/** What guests are told about paying, in Marathi (the confirmation, a reminder, a payment link). */
export const paymentTextsMr: PaymentTexts = {
  upiHeading: 'UPI ने {amount} भरा',
  otherHeading: '{amount} कसे भरावे',
  dueLine: '{date} पर्यंत देय',
  upiButton: 'UPI ॲपने पैसे भरा',
  onlineButton: 'ऑनलाइन पैसे भरा (UPI, कार्ड, नेटबँकिंग)',
  upiScan: 'किंवा कोणत्याही UPI ॲपने (Google Pay, PhonePe, Paytm, BHIM, आपल्या बँकेचे ॲप) हा कोड स्कॅन करा.',
  upiIdLabel: 'UPI आयडी',
  payeeLabel: 'कोणाला',
  referenceLabel: 'संदर्भ क्रमांक',
  qrLabel: '{payee} यांना {amount} भरण्यासाठी UPI QR कोड',
  copy: 'UPI आयडी कॉपी करा',
  copied: 'UPI आयडी कॉपी झाला',
  keepUtr:
    'पैसे भरल्यानंतर UTR (आपले ॲप दाखवत असलेला 12 अंकी व्यवहार क्रमांक) जपून ठेवा. रक्कम आमच्याकडे पोहोचताच आम्ही तिची नोंद करून आपल्याला खात्री कळवू.',
  fallbackInstructions: `पैसे भरण्यासाठी आम्ही आपल्याला आमच्या बँकेचा तपशील पाठवू: आमच्या ई-मेलला उत्तर द्या किंवा ${site.email} वर लिहा, आणि आपला बुकिंग संदर्भ क्रमांक नक्की नमूद करा. आपण ${site.phone} वर फोनही करू शकता.`,
};
