import type { PromiseTexts } from '../promise-texts';

/** What a guest is promised about their request, in Hindi. {holdTime}: "48 घंटे". */
export const promiseTextsHi: PromiseTexts = {
  answer: 'अनुरोध के {holdTime} के भीतर हम ई-मेल से जवाब देते हैं, और तब तक ये रातें आपके लिए रोककर रखते हैं।',
  payment:
    'अगर हम आपकी मेज़बानी कर सकें, तो हमारा पुष्टि ई-मेल और आपके अनुरोध का पेज बताएँगे कि अभी कितना देय है और उसे कैसे चुकाएँ। उससे पहले कोई भुगतान नहीं लिया जाता।',
  confirmedPayment: 'अभी कितना देय है और उसे कैसे चुकाएँ, यह नीचे दिया गया है।',
  confirmedNothingDue: 'अभी कुछ भी देय नहीं है: कोई भी भुगतान देय होने से पहले हम आपको लिखेंगे।',
};
