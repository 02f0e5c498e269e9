import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema';
import {
  createSignedInContext,
  insertTestBooking,
  insertTestProperty,
  type TestContext,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

type Found = { guest_name: string; property_id: string; property_name: string };

describe.each(listTestDatabaseKinds())(
  "searching every booking of the operator's properties [%s]",
  (kind) => {
    let context: TestContext;
    let cookie: string;
    let otherCookie: string;
    const ids = { villa: '', cottage: '', retired: '', theirs: '' };

    beforeAll(async () => {
      const signedIn = await createSignedInContext(kind, {}, { name: 'Sea Villa' });
      ({ context, cookie } = signedIn);
      ids.villa = signedIn.propertyId;
      ids.cottage = (
        await insertTestProperty(context.database, signedIn.operator.id, { name: 'Hill Cottage' })
      ).id;
      ids.retired = (
        await insertTestProperty(context.database, signedIn.operator.id, {
          name: 'Old Barn',
          is_active: false,
        })
      ).id;
      const other = await context.createSignedInOperator();
      otherCookie = other.cookie;
      ids.theirs = (await insertTestProperty(context.database, other.id, { name: 'Their Villa' })).id;

      // Booked one day after another, so "newest first" interleaves the two properties.
      const stays: [
        keyof typeof ids,
        string,
        string,
        'pending' | 'confirmed' | 'cancelled',
        'direct' | 'airbnb',
      ][] = [
        ['villa', 'Asha Rao', '2027-01-01', 'confirmed', 'direct'],
        ['cottage', 'Ravi Rao', '2027-01-01', 'pending', 'airbnb'],
        ['villa', 'Chitra Iyer', '2027-02-01', 'cancelled', 'airbnb'],
        ['cottage', 'Dev Patel', '2027-03-01', 'confirmed', 'direct'],
        ['retired', 'Esha Rao', '2027-04-01', 'confirmed', 'direct'],
        ['theirs', 'Farah Rao', '2027-05-01', 'confirmed', 'direct'],
      ];
      for (const [index, [property, guest_name, check_in, status, booking_source]] of stays.entries()) {
        await insertTestBooking(context.database, ids[property], {
          guest_name,
          guest_email: `${guest_name.split(' ')[0]!.toLowerCase()}@example.com`,
          check_in,
          check_out: check_in.replace(/-01$/, '-03'),
          status,
          booking_source,
          created_at: new Date(`2026-10-0${index + 1}T10:00:00Z`),
        });
      }
    });
    afterAll(async () => {
      await context?.close();
    });

    const search = async (query: string, as = cookie) => {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/bookings?${query}`,
        headers: { cookie: as },
      });
      const ok = response.statusCode === 200;
      return {
        status: response.statusCode,
        total: response.headers['x-total-count'],
        found: ok ? (response.json() as Found[]) : [],
        names: ok ? (response.json() as Found[]).map((booking) => booking.guest_name) : [],
        message: ok ? undefined : (response.json() as { error: { message: string } }).error.message,
      };
    };

    it("lists every active property's bookings newest first, each naming its property", async () => {
      const all = await search('');
      expect(all.status).toBe(200);
      expect(all.total).toBe('4');
      expect(all.names).toEqual(['Dev Patel', 'Chitra Iyer', 'Ravi Rao', 'Asha Rao']);
      expect(all.found.map((booking) => booking.property_name)).toEqual([
        'Hill Cottage',
        'Sea Villa',
        'Hill Cottage',
        'Sea Villa',
      ]);
      expect(all.found[0]).toMatchObject({ property_id: ids.cottage, payment: expect.any(Object) });
    });

    it('searches guests across properties, with the same filters as one property', async () => {
      const rao = await search('q=rao');
      expect(rao.names).toEqual(['Ravi Rao', 'Asha Rao']);
      expect(rao.total).toBe('2');
      expect((await search('q=RAVI@EXAMPLE')).names).toEqual(['Ravi Rao']);
      expect((await search('status=confirmed')).names).toEqual(['Dev Patel', 'Asha Rao']);
      expect((await search('source=airbnb&sort=check_in')).names).toEqual(['Ravi Rao', 'Chitra Iyer']);
      expect((await search('from=2027-01-15&to=2027-03-02')).names).toEqual(['Dev Patel', 'Chitra Iyer']);
    });

    it('pages across properties in one order, the total counting every match', async () => {
      const byCheckIn = await search('sort=check_in&limit=2&offset=2');
      expect(byCheckIn.names).toEqual(['Chitra Iyer', 'Dev Patel']);
      expect(byCheckIn.total).toBe('4');
      expect((await search('limit=2&offset=2')).names).toEqual(['Ravi Rao', 'Asha Rao']);
      expect((await search('limit=2&offset=4')).names).toEqual([]);
      const searched = await search('q=rao&limit=1&offset=1');
      expect(searched.names).toEqual(['Asha Rao']);
      expect(searched.total).toBe('2');
    });

    it("keeps one property's bookings with `property`, a deactivated one's included", async () => {
      const cottage = await search(`property=${ids.cottage}`);
      expect(cottage.names).toEqual(['Dev Patel', 'Ravi Rao']);
      expect(cottage.total).toBe('2');
      expect((await search(`property=${ids.villa}&q=rao`)).names).toEqual(['Asha Rao']);
      expect((await search(`property=${ids.retired}`)).names).toEqual(['Esha Rao']);
      const searched = await search(`property=${ids.retired}&q=esha`);
      expect([searched.names, searched.total]).toEqual([['Esha Rao'], '1']);
    });

    it("never shows another operator's bookings, nor theirs to them", async () => {
      expect((await search('q=farah')).names).toEqual([]);
      expect((await search('q=farah')).total).toBe('0');
      const foreign = await search(`property=${ids.theirs}`);
      expect(foreign.status).toBe(404);
      expect(foreign.message).toBe('Property not found');
      const theirs = await search('', otherCookie);
      expect(theirs.names).toEqual(['Farah Rao']);
      expect(theirs.total).toBe('1');
      expect((await search('q=rao', otherCookie)).names).toEqual(['Farah Rao']);
    });

    it('refuses bad parameters with a clear 400', async () => {
      expect(await search('property=villa')).toMatchObject({
        status: 400,
        message: expect.stringContaining('property must be a property id'),
      });
      expect(await search('from=2027-02-01&to=2027-01-01')).toMatchObject({
        status: 400,
        message: expect.stringContaining('"to" must be after "from"'),
      });
      expect((await search('limit=0')).status).toBe(400);
    });

    it('exports the matching bookings of every property as CSV, naming each property', async () => {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/bookings.csv?q=rao',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^reference,property,guest_name,/);
      expect(lines.slice(1).map((line) => line.split(',').slice(1, 3))).toEqual([
        ['Hill Cottage', 'Ravi Rao'],
        ['Sea Villa', 'Asha Rao'],
      ]);
      const theirs = await context.app.inject({
        method: 'GET',
        url: `/api/bookings.csv?property=${ids.theirs}`,
        headers: { cookie },
      });
      expect(theirs.statusCode).toBe(404);
    });

    it("exports the operator's private note as its last column, quoted and with its formulas defused", async () => {
      const note = '=HYPERLINK("http://evil.example")\nPays "cash", late\n+1 bed';
      const noted = await insertTestBooking(context.database, ids.villa, {
        guest_name: 'Gita Kapoor',
        guest_email: 'gita@example.com',
        check_in: '2027-06-01',
        check_out: '2027-06-03',
        status: 'confirmed',
        operator_note: note,
      });
      const plain = await insertTestBooking(context.database, ids.villa, {
        guest_name: 'Hari Kapoor',
        guest_email: 'hari@example.com',
        check_in: '2027-07-01',
        check_out: '2027-07-03',
        status: 'confirmed',
      });
      try {
        // The cell as a spreadsheet reads it: quoted, its quotes doubled, a formula at the start of the
        // cell or of a line prefixed with an apostrophe.
        const cell = `"'=HYPERLINK(""http://evil.example"")\nPays ""cash"", late\n'+1 bed"`;
        for (const url of [
          '/api/bookings.csv?q=kapoor&sort=check_in',
          `/api/properties/${ids.villa}/bookings.csv?q=kapoor&sort=check_in`,
        ]) {
          const response = await context.app.inject({ method: 'GET', url, headers: { cookie } });
          expect(response.statusCode, url).toBe(200);
          const [header, ...rows] = response.body.trimEnd().split('\r\n');
          expect(header, url).toMatch(/,booked_at,operator_note$/);
          expect(rows, url).toHaveLength(2);
          expect(rows[0], url).toMatch(new RegExp(`^SV-${noted.id.slice(0, 8).toUpperCase()},`));
          expect(rows[0]!.endsWith(`,${cell}`), url).toBe(true);
          // No note: an empty last cell.
          expect(rows[1], url).toMatch(new RegExp(`^SV-${plain.id.slice(0, 8).toUpperCase()},.*Z,$`));
        }
      } finally {
        await context.database.db.delete(bookings).where(inArray(bookings.id, [noted.id, plain.id]));
      }
    });

    it('needs a session for the list and the export', async () => {
      for (const url of ['/api/bookings', '/api/bookings.csv']) {
        expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  },
);
