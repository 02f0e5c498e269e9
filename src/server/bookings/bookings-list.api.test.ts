import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInContext, insertTestBooking, type TestContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

type Listed = { guest_name: string; check_in: string };

describe.each(listTestDatabaseKinds())(
  "searching, filtering and paging a property's bookings [%s]",
  (kind) => {
    let context: TestContext;
    let cookie: string;
    let propertyId: string;
    beforeAll(async () => {
      ({ context, cookie, propertyId } = await createSignedInContext(kind, {}, { name: 'List Villa' }));
      const guests: [
        string,
        string,
        string,
        string,
        'pending' | 'confirmed' | 'cancelled',
        'direct' | 'airbnb',
        number,
      ][] = [
        ['Asha Rao', 'asha@example.com', '2027-01-01', '2027-01-04', 'confirmed', 'direct', 1],
        ['Ben 100%_Sure', 'ben@example.org', '2027-01-10', '2027-01-12', 'pending', 'airbnb', 2],
        ['Chitra Iyer', 'CHITRA@Example.com', '2027-01-31', '2027-02-02', 'confirmed', 'airbnb', 3],
        [
          '=HYPERLINK("http://evil.example","x")',
          'evil@example.com',
          '2027-03-01',
          '2027-03-02',
          'cancelled',
          'direct',
          4,
        ],
        ['Dev Patel', 'dev@example.net', '2026-12-20', '2026-12-22', 'confirmed', 'direct', 5],
      ];
      for (const [guest_name, guest_email, check_in, check_out, status, booking_source, day] of guests) {
        await insertTestBooking(context.database, propertyId, {
          guest_name,
          guest_email,
          check_in,
          check_out,
          status,
          booking_source,
          created_at: new Date(`2026-10-0${day}T10:00:00Z`),
        });
      }
    });
    afterAll(async () => {
      await context?.close();
    });

    const list = async (query: string) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/properties/${propertyId}/bookings?${query}`,
        headers: { cookie },
      });
      return {
        status: response.statusCode,
        total: response.headers['x-total-count'],
        names:
          response.statusCode === 200
            ? (response.json() as Listed[]).map((booking) => booking.guest_name)
            : [],
        message: response.statusCode === 200 ? undefined : response.json().error.message,
      };
    };

    it('keeps the plain list newest first, with the total in X-Total-Count', async () => {
      const all = await list('');
      expect(all.status).toBe(200);
      expect(all.total).toBe('5');
      expect(all.names[0]).toBe('Dev Patel');
      expect(all.names.at(-1)).toBe('Asha Rao');
    });

    it('searches name and e-mail in any case, with % and _ taken literally', async () => {
      expect((await list('q=chitra')).names).toEqual(['Chitra Iyer']);
      expect((await list('q=EXAMPLE.ORG')).names).toEqual(['Ben 100%_Sure']);
      expect((await list('q=100%25_')).names).toEqual(['Ben 100%_Sure']);
      expect((await list('q=%25')).names).toEqual(['Ben 100%_Sure']);
      expect((await list('q=nobody')).total).toBe('0');
    });

    it('filters by status, source and stays overlapping a range, combined', async () => {
      expect((await list('status=confirmed&source=airbnb')).names).toEqual(['Chitra Iyer']);
      // Half-open: a stay ending on `from` does not overlap; one starting on `to` does not either.
      expect((await list('from=2027-01-04&to=2027-01-31&sort=check_in')).names).toEqual(['Ben 100%_Sure']);
      expect((await list('from=2027-01-03&to=2027-02-01&sort=check_in')).names).toEqual([
        'Asha Rao',
        'Ben 100%_Sure',
        'Chitra Iyer',
      ]);
    });

    it('sorts by check-in and pages with limit and offset, the total counting every match', async () => {
      const page = await list('sort=check_in&limit=2&offset=1');
      expect(page.names).toEqual(['Asha Rao', 'Ben 100%_Sure']);
      expect(page.total).toBe('5');
    });

    it('refuses bad parameters with a clear 400', async () => {
      for (const [query, message] of [
        ['status=lost', 'status must be one of pending, confirmed, completed, cancelled'],
        ['source=expedia', 'source must be one of direct, airbnb, booking_com, vrbo, other'],
        ['from=2027-02-01&to=2027-01-01', '"to" must be after "from"'],
        ['limit=501', 'limit must be at most 500'],
        ['limit=0', 'limit must be at least 1'],
        ['limit=ten', 'limit must be a whole number'],
        ['offset=-1', 'offset must be a whole number'],
        ['sort=price', 'sort must be one of newest, check_in'],
        ['from=9999-01-01', 'from must be between 2000-01-01 and 2100-12-31'],
        [`q=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
        ['q=a%00b', 'Search contains characters that are not allowed'],
      ]) {
        const answer = await list(query!);
        expect(answer.status, query).toBe(400);
        expect(answer.message, query).toBe(message);
      }
    });

    it('exports exactly the filtered bookings as CSV, all pages, formulas neutralised', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/properties/${propertyId}/bookings.csv?source=direct&sort=check_in&limit=1`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="List-Villa-bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^reference,guest_name,guest_email,/);
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
        'Dev Patel',
        'Asha Rao',
        `"'=HYPERLINK(""http://evil.example""`,
      ]);
    });

    it('needs a session for the list and the export', async () => {
      for (const url of [
        `/api/properties/${propertyId}/bookings`,
        `/api/properties/${propertyId}/bookings.csv`,
      ]) {
        expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  },
);
