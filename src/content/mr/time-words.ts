import type { TimeWords } from '../../domain/time-left';

/** A span of time's words in Marathi: the booking form's and the request page's time left. */
export const timeWordsMr: TimeWords = {
  minute: { one: 'मिनिट', many: 'मिनिटे' },
  hour: { one: 'तास', many: 'तास' },
  day: { one: 'दिवस', many: 'दिवस' },
  dueNow: 'आत्ताच',
};
