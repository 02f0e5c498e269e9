import { describe, expect, it } from 'vitest';
import { propertyCalendar } from '../db/schema';
import { useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

describe.each(listTestDatabaseKinds())('calendar edits with far dates [%s]', (kind) => {
  const signedIn = useSignedInContext(kind);
  const putCalendar = (payload: object) =>
    signedIn.context.app.inject({
      method: 'PUT',
      url: `/api/properties/${signedIn.propertyId}/calendar`,
      payload,
      headers: { cookie: signedIn.cookie },
    });

  it.each([
    ['2026-12-30', '9999-12-31'],
    ['9999-12-01', '9999-12-31'],
    ['2101-01-01', '2101-01-02'],
    ['1999-12-31', '2000-01-02'],
    ['0001-01-01', '0001-01-02'],
    ['2026-12-30', '+10000-01-01'],
  ])('refuses %s to %s with a 400 and changes nothing', async (start, end) => {
    const response = await putCalendar({ start, end, is_available: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/between 2000-01-01 and 2100-12-31|date/);
    expect(await signedIn.context.database.db.select().from(propertyCalendar)).toEqual([]);
  });

  it('still takes the last day of the window', async () => {
    const response = await putCalendar({ start: '2100-12-30', end: '2100-12-31', is_available: false });
    expect(response.statusCode).toBe(200);
  });
});
