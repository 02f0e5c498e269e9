import { guestRequestEn, type GuestRequestText } from '@/content/guest-request';
import { guestRequestHi } from '@/content/hi/guest-request';
import { timeWordsHi } from '@/content/hi/time-words';
import type { Language } from '@/content/languages';
import { guestRequestMr } from '@/content/mr/guest-request';
import { timeWordsMr } from '@/content/mr/time-words';
import { TIME_WORDS_EN, type TimeWords } from '@/domain/time-left';

// The request page is rendered per request in the guest's language, so it carries all three (a few KB).
export const GUEST_REQUEST_TEXTS: Record<Language, GuestRequestText> = {
  en: guestRequestEn,
  hi: guestRequestHi,
  mr: guestRequestMr,
};

export const TIME_WORDS: Record<Language, TimeWords> = {
  en: TIME_WORDS_EN,
  hi: timeWordsHi,
  mr: timeWordsMr,
};
