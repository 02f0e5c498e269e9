import { describe, expect, it } from 'vitest';
import { identifyCalendarReader } from './channel';

describe('who reads an export address', () => {
  it('names the channel or calendar from its User-Agent, and "other" for anything else', () => {
    expect(
      [
        'Airbnb Calendar Importer/1.0',
        'Booking.com iCal sync',
        'BookingCom-Availability/2',
        'HomeAway-Vrbo-iCal-Fetcher/2.1',
        'Expedia Partner Calendar',
        'Google-Calendar-Importer',
        'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0)',
        'iOS/17.1 (21B74) dataaccessd/1.0',
        'curl/8.5.0',
        '',
        undefined,
      ].map(identifyCalendarReader),
    ).toEqual([
      'airbnb',
      'booking_com',
      'booking_com',
      'vrbo',
      'vrbo',
      'google',
      'outlook',
      'apple',
      'other',
      'other',
      'other',
    ]);
  });
});
