import type { TimeWords } from '../../domain/time-left';

/** A span of time's words in Hindi: the booking form's and the request page's time left. */
export const timeWordsHi: TimeWords = {
  minute: { one: 'मिनट', many: 'मिनट' },
  hour: { one: 'घंटे', many: 'घंटे' },
  day: { one: 'दिन', many: 'दिन' },
  dueNow: 'अभी',
};
