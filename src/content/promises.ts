import { describeHoldTime, TIME_WORDS_EN, type TimeWords } from '../domain/time-left';
import { promiseTexts, type PromiseTexts } from './promise-texts';

export { promiseTexts, type PromiseTexts } from './promise-texts';

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The promises of a new request, from the configuration's hold hours; English unless texts are given. */
export function writeRequestPromises(input: {
  holdHours: number;
  texts?: Pick<PromiseTexts, 'answer' | 'payment'>;
  timeWords?: TimeWords;
}) {
  const texts = input.texts ?? promiseTexts;
  const values = { holdTime: describeHoldTime(input.holdHours, input.timeWords ?? TIME_WORDS_EN) };
  return { answer: fill(texts.answer, values), payment: fill(texts.payment, values) };
}
