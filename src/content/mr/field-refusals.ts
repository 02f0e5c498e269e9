import type { FieldRefusalWords } from '../field-refusals';

export const fieldRefusalsMr: FieldRefusalWords = {
  required: 'कृपया हे भरा',
  too_long: 'कृपया हे जास्तीत जास्त {max} अक्षरांत लिहा',
  not_allowed: 'यात परवानगी नसलेली अक्षरे आहेत',
  out_of_range: 'कृपया {min} ते {max} या दरम्यानची तारीख भरा',
};
