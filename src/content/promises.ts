import { describeHoldTime, TIME_WORDS_EN, type TimeWords } from '../domain/time-left';
import { fillText } from './fill-text';
import { promiseTexts, type PromiseTexts } from './promise-texts';

export { promiseTexts, type PromiseTexts } from './promise-texts';

/** The promises of a new request, from the configuration's hold hours; English unless texts are given. */
export function writeRequestPromises(input: {
  holdHours: number;
  texts?: Pick<PromiseTexts, 'answer' | 'payment'>;
  timeWords?: TimeWords;
}) {
  const texts = input.texts ?? promiseTexts;
  const values = { holdTime: describeHoldTime(input.holdHours, input.timeWords ?? TIME_WORDS_EN) };
  return { answer: fillText(texts.answer, values), payment: fillText(texts.payment, values) };
}
