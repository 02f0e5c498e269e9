import type { PromiseTexts } from '../promise-texts';

/** What a guest is promised about their request, in Marathi. {holdTime}: "48 तास". */
export const promiseTextsMr: PromiseTexts = {
  answer: 'विनंतीनंतर {holdTime} पूर्ण होण्याआधी आम्ही ई-मेलने उत्तर देतो, आणि तोपर्यंत या रात्री आपल्यासाठी राखून ठेवतो.',
  payment:
    'आम्ही आपले आदरातिथ्य करू शकत असल्यास, आमचा पुष्टीचा ई-मेल आणि आपल्या विनंतीचे पान आत्ता किती रक्कम देय आहे आणि ती कशी भरायची ते सांगतील. त्याआधी कोणतेही शुल्क आकारले जात नाही.',
  confirmedPayment: 'आत्ता किती रक्कम देय आहे आणि ती कशी भरायची, ते खाली दिले आहे.',
  confirmedNothingDue: 'आत्ता काहीही देय नाही: कोणतीही रक्कम देय होण्याआधी आम्ही आपल्याला कळवू.',
};
