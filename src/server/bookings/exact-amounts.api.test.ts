import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../domain/money';
import { createTestContext, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

/**
 * Amounts keep every paisa from the form to the database and back, on both drivers: the database's
 * numeric is read as decimal text into whole minor units, and sums are made of those, so 0.10 + 0.20 +
 * 0.30 is 0.60 in the report, not 0.6000000000000001.
 */
describe.each(listTestDatabaseKinds())('exact amounts [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  beforeAll(async () => {
    context = await createTestContext(kind, { now: () => new Date('2026-11-22T06:00:00Z') });
    cookie = (await context.createSignedInOperator()).cookie;
  });
  afterAll(async () => {
    await context?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('keeps 1,234,567.89 exactly, in the API and in the database', async () => {
    const created = await call('POST', '/api/properties', {
      name: 'Exact Villa',
      address: '1 Fort Road',
      city: 'Ahmednagar',
      country: 'India',
      base_price: 1234567.89,
      currency: 'INR',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().base_price).toBe(1234567.89);
    propertyId = created.json().id;
    const listed = (await call('GET', '/api/properties')).json() as { id: string; base_price: number }[];
    expect(listed.find((property) => property.id === propertyId)?.base_price).toBe(1234567.89);

    const booked = await call('POST', `/api/properties/${propertyId}/bookings`, {
      check_in: '2027-01-04',
      check_out: '2027-01-05',
      guests_count: 2,
      guest_name: 'Asha Rao',
      guest_email: 'asha@example.com',
      total_amount: 1234567.89,
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().total_amount).toBe(1234567.89);
    const stored = await context.database.db.execute(
      sql`select total_amount::text as total from bookings where id = ${booked.json().id}::uuid`,
    );
    expect((stored as unknown as { rows: { total: string }[] }).rows[0]?.total).toBe('1234567.89');
  });

  it('adds 0.10, 0.20 and 0.30 to 0.60 exactly in the report and the CSV export', async () => {
    for (const [index, total] of [0.1, 0.2, 0.3].entries()) {
      const booked = await call('POST', `/api/properties/${propertyId}/bookings`, {
        check_in: `2027-02-0${index + 1}`,
        check_out: `2027-02-0${index + 2}`,
        guests_count: 1,
        guest_name: `Guest ${index}`,
        guest_email: `guest${index}@example.com`,
        total_amount: total,
      });
      expect(booked.statusCode).toBe(201);
      expect(booked.json().total_amount).toBe(total);
    }
    const report = await call('GET', `/api/reports?from=2027-02-01&to=2027-03-01&property=${propertyId}`);
    expect(report.statusCode).toBe(200);
    const figures = report.json().currencies[0].total;
    expect(figures.revenue).toBe(0.6);
    expect(figures.adr).toBe(0.2);

    const csv = await call('GET', `/api/properties/${propertyId}/bookings.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\r\n');
    const column = header!.split(',').indexOf('total_amount');
    const cells = lines
      .map((line) => line.split(',')[column]!)
      .filter((cell) => cell !== '1234567.89')
      .sort();
    expect(cells).toEqual(['0.1', '0.2', '0.3']);
    expect(cells.reduce((sum, cell) => sum + parseMinor(cell), 0)).toBe(60);
  });
});
