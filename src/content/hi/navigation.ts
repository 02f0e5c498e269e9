import type { NavigationLabels } from '../navigation';

export const navigationHi: NavigationLabels = {
  home: 'मुखपृष्ठ',
  highlights: 'ख़ूबियाँ',
  gallery: 'गैलरी',
  partnership: 'साझेदारी',
  about: 'परिचय',
  booking: 'बुकिंग',
  contact: 'संपर्क',
};
