import type { NavigationLabels } from '../navigation';

export const navigationMr: NavigationLabels = {
  home: 'मुख्यपृष्ठ',
  highlights: 'वैशिष्ट्ये',
  gallery: 'छायाचित्रे',
  partnership: 'भागीदारी',
  about: 'आमच्याविषयी',
  booking: 'बुकिंग',
  contact: 'संपर्क',
};
