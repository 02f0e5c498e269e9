import type { FieldRefusalWords } from '../field-refusals';

export const fieldRefusalsHi: FieldRefusalWords = {
  required: 'कृपया यह भरिए',
  too_long: 'कृपया इसे अधिकतम {max} अक्षरों में लिखिए',
  not_allowed: 'इसमें ऐसे अक्षर हैं जिनकी अनुमति नहीं है',
  out_of_range: 'कृपया {min} और {max} के बीच की तारीख़ भरिए',
};
