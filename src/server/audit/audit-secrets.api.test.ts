import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOperator } from '../auth/queries';
import { hashExportToken } from '../channels/queries';
import type { Executor } from '../db/client';
import { auditEvents, channelConnections, operators } from '../db/schema';
import {
  createSignedInContext,
  insertOlderTestProperty,
  uniqueEmail,
  type TestContext,
} from '../test/test-app';
import { createTestDatabaseBefore, listTestDatabaseKinds } from '../test/test-database';
import { TEST_PASSWORD_HASH_COST } from '../test/test-config';

/**
 * A column name that looks like it holds a secret: one of its underscore-separated words (the schema's
 * names are snake_case) says hash, token, secret, password, key, salt, fingerprint, signature, credential,
 * cookie, otp, encrypted or ciphertext, or url (a feed's address carries the channel's own secret in its
 * path or query). Such a column of an audited table must be masked by its trigger (a secret or an address
 * argument of audit_row_change) or left out of the audit. A column that matches but holds nothing secret
 * goes in NOT_SECRET with the reason. Not covered by name: operator_sessions.id (the hash of the cookie's
 * token), which audit_row_change itself leaves out.
 */
const SECRET_NAME =
  /(^|_)(hash(es)?|tokens?|secrets?|passwords?|passwd|keys?|salts?|fingerprints?|signatures?|credentials?|cookies?|otp|encrypted|ciphertext|urls?)(_|$)/;
const NOT_SECRET: Record<string, string> = {
  'message_templates.review_url':
    'the public page where guests leave a review: every thank-you e-mail carries it (unlike a calendar feed, no key is in it)',
  'business_contacts.social_url':
    "the business's public social page, shown on every page of the site (no key is in it)",
};

type AuditTrigger = { table: string; args: string[]; columns: string[] };

/** Every table with an audit trigger, the trigger's arguments and the table's columns, from the catalogue. */
async function listAuditedTables(db: Executor): Promise<AuditTrigger[]> {
  const result = await db.execute(sql`
    select c.relname as "table", encode(t.tgargs, 'escape') as args,
      array(select a.attname::text from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'audit_row_change' and not t.tgisinternal
    order by c.relname`);
  return (result as unknown as { rows: { table: string; args: string; columns: string[] }[] }).rows.map(
    (row) => ({ table: row.table, args: row.args.split('\\000'), columns: row.columns }),
  );
}

const listArgument = (value: string | undefined) => (value ? value.split(',') : []);

/** What the audit log keeps of everything: the before and after of every event, as text. */
async function readAuditText(db: Executor): Promise<string> {
  const rows = await db.select({ before: auditEvents.before, after: auditEvents.after }).from(auditEvents);
  return JSON.stringify(rows);
}

describe.each(listTestDatabaseKinds())('secrets in the audit log [%s]', (kind) => {
  let context: TestContext;
  let cookie: string;
  let propertyId: string;
  beforeAll(async () => {
    ({ context, cookie, propertyId } = await createSignedInContext(kind));
  });
  afterAll(async () => {
    await context?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    context.app.inject({ method, url, payload, headers: { cookie } });

  it('masks or leaves out every audited column whose name looks like a secret', async () => {
    const audited = await listAuditedTables(context.database.db);
    expect(audited.map((trigger) => trigger.table)).toEqual(
      expect.arrayContaining(['bookings', 'channel_connections', 'operators', 'properties']),
    );
    const exposed: string[] = [];
    for (const { table, args, columns } of audited) {
      const hidden = new Set([...listArgument(args[2]), ...listArgument(args[3]), ...listArgument(args[4])]);
      for (const column of columns) {
        const name = `${table}.${column}`;
        if (SECRET_NAME.test(column) && !hidden.has(column) && !NOT_SECRET[name]) exposed.push(name);
      }
    }
    expect(exposed).toEqual([]);
  });

  it('records a password change, from OPERATOR_PASSWORD too, as a change without either hash', async () => {
    const email = uniqueEmail('env');
    await upsertOperator(context.database.db, {
      email,
      password: 'first env password',
      fromEnvironment: true,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    await upsertOperator(context.database.db, {
      email,
      password: 'second env password',
      fromEnvironment: true,
      hashCost: TEST_PASSWORD_HASH_COST,
    });
    const [account] = await context.database.db
      .select()
      .from(operators)
      .where(sql`${operators.email} = ${email}`);
    const events = await context.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.entity_type} = 'operator' and ${auditEvents.entity_id} = ${account!.id}`)
      .orderBy(auditEvents.id);
    expect(events.map((event) => [event.action, event.before, event.after])).toEqual([
      ['insert', null, expect.objectContaining({ password_hash: '[secret]', env_password_hash: '[secret]' })],
      [
        'update',
        { password_hash: '[secret]', env_password_hash: '[secret]' },
        { password_hash: '[secret changed]', env_password_hash: '[secret changed]' },
      ],
    ]);
    const text = await readAuditText(context.database.db);
    expect(text).not.toContain('scrypt');
    for (const hash of [account!.password_hash, account!.env_password_hash!])
      expect(text).not.toContain(hash.slice(-24));
  });

  it("records a channel connection without its export token or the secret in the feed's address", async () => {
    const feed = 'https://www.airbnb.com/calendar/ical/4242.ics?s=feedsecret0123456789';
    const created = await call('POST', `/api/properties/${propertyId}/channels`, {
      channel: 'airbnb',
      import_url: feed,
    });
    expect(created.statusCode, created.body).toBe(201);
    const connectionId = created.json().id as string;
    const changed = await call('PATCH', `/api/channels/${connectionId}`, {
      import_url: 'https://www.airbnb.com/calendar/ical/4242.ics?s=othersecret9876543210',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rotated = await call('POST', `/api/properties/${propertyId}/export-url`, {
      channel_id: connectionId,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);

    const history = await call(
      'GET',
      `/api/audit-events?entity_type=channel_connection&entity_id=${connectionId}`,
    );
    expect(history.statusCode).toBe(200);
    const events = (history.json() as { events: { action: string; before: unknown; after: unknown }[] })
      .events;
    expect(events.map((event) => [event.action, event.before, event.after])).toEqual([
      ['update', { export_token: '[secret]' }, { export_token: '[secret changed]' }],
      ['update', { import_url: 'https://www.airbnb.com/…' }, { import_url: 'https://www.airbnb.com/…' }],
      [
        'insert',
        null,
        expect.objectContaining({ export_token: '[secret]', import_url: 'https://www.airbnb.com/…' }),
      ],
    ]);
    const [row] = await context.database.db
      .select({ export_token: channelConnections.export_token })
      .from(channelConnections)
      .where(sql`${channelConnections.id} = ${connectionId}`);
    const text = await readAuditText(context.database.db);
    for (const secret of [
      'feedsecret',
      'othersecret',
      row!.export_token,
      new URL(created.json().export_url as string).pathname,
      new URL(rotated.json().export_url as string).pathname,
    ])
      expect(text).not.toContain(secret);
  });
});

describe.each(listTestDatabaseKinds())(
  'secrets written into the audit log before the upgrade [%s]',
  (kind) => {
    it('are scrubbed from the events already kept, leaving each change recorded', async () => {
      const database = await createTestDatabaseBefore(kind, 'hide_secrets');
      try {
        const { db } = database;
        const email = uniqueEmail('before');
        const created = await upsertOperator(db, {
          email,
          password: 'env password one',
          fromEnvironment: true,
          hashCost: TEST_PASSWORD_HASH_COST,
        });
        await upsertOperator(db, {
          email,
          password: 'env password two',
          fromEnvironment: true,
          hashCost: TEST_PASSWORD_HASH_COST,
        });
        const propertyId = await insertOlderTestProperty(database, created.id);
        // Written in SQL, as that version's columns: the schema in code has columns added later.
        const inserted = await db.execute(
          sql`insert into channel_connections (property_id, channel, import_url, export_token)
              values (${propertyId}, 'booking_com', 'https://admin.booking.com/hotel/ical.html?t=oldfeedsecret42',
                      'OldClearExportToken0123456789abcd') returning id`,
        );
        const [connection] =
          (inserted as { rows?: { id: string }[] }).rows ?? (inserted as unknown as { id: string }[]);
        await db.execute(
          sql`update channel_connections set export_token = 'AnotherClearToken0123456789abcdef' where id = ${connection!.id}`,
        );
        const [account] = await db
          .select()
          .from(operators)
          .where(sql`${operators.email} = ${email}`);
        const before = await readAuditText(db);
        // The old trigger kept the environment's hash in full: what this upgrade is for.
        expect(before).toContain(account!.env_password_hash!);

        await database.migrate();

        const after = await readAuditText(db);
        for (const secret of [
          account!.env_password_hash!,
          account!.password_hash.slice(-24),
          'scrypt',
          'oldfeedsecret42',
          'OldClearExportToken',
          'AnotherClearToken',
          hashExportToken('AnotherClearToken0123456789abcdef'),
        ])
          expect(after).not.toContain(secret);
        // The old fingerprints are gone too: only the constant masks remain.
        expect(after).not.toMatch(/"#[0-9a-f]{8}"/);
        const events = await db
          .select()
          .from(auditEvents)
          .where(sql`${auditEvents.entity_type} in ('operator', 'channel_connection')`)
          .orderBy(auditEvents.id);
        expect(events.map((event) => [event.entity_type, event.action, event.before, event.after])).toEqual([
          [
            'operator',
            'insert',
            null,
            expect.objectContaining({ password_hash: '[secret]', env_password_hash: '[secret]' }),
          ],
          [
            'operator',
            'update',
            { password_hash: '[secret]', env_password_hash: '[secret]' },
            { password_hash: '[secret changed]', env_password_hash: '[secret changed]' },
          ],
          [
            'channel_connection',
            'insert',
            null,
            expect.objectContaining({ export_token: '[secret]', import_url: 'https://admin.booking.com/…' }),
          ],
          [
            'channel_connection',
            'update',
            { export_token: '[secret]' },
            { export_token: '[secret changed]' },
          ],
        ]);
      } finally {
        await database.drop();
      }
    });
  },
);
