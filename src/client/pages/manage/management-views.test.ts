import { describe, expect, it } from 'vitest';
import { BOOKING_LIST_FILTER_KEYS } from '@/domain/booking-list';
import { findManagementView, MANAGEMENT_VIEWS } from './management-views';

describe("the management area's views", () => {
  it('are named once each, and an unknown name is no view', () => {
    const names = MANAGEMENT_VIEWS.map((definition) => definition.view);
    expect(new Set(names).size).toBe(names.length);
    expect(findManagementView('dashboard')?.label).toBe('Dashboard');
    expect(findManagementView('nothing')).toBeUndefined();
  });

  it("keep the bookings list's API filters and its page in the URL, and drop them with the view", () => {
    expect(findManagementView('bookings')?.parameters).toEqual([...BOOKING_LIST_FILTER_KEYS, 'page']);
    expect(BOOKING_LIST_FILTER_KEYS).toEqual(['q', 'status', 'source', 'from', 'to', 'sort']);
  });

  it("show every property's bookings with none selected; Calendar, Channels and Pricing show one", () => {
    expect(findManagementView('bookings')?.needsProperty).toBe(false);
    for (const view of ['calendar', 'channels', 'pricing']) {
      expect(findManagementView(view)?.needsProperty).toBe(true);
    }
  });
});

describe('the timeline view', () => {
  it('needs no property picked (it shows them all) and keeps its range in the URL', () => {
    expect(findManagementView('timeline')).toMatchObject({
      label: 'Timeline',
      needsProperty: false,
      parameters: ['start', 'span'],
    });
  });
});
