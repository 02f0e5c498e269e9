import { sql } from 'drizzle-orm';
import type { BusinessContact } from '../../domain/business-contact';
import { defaultContact } from '../../content/site';
import type { Executor } from '../db/client';

// The contact as guests and the public site read it; the operator's own is read and saved in store/business.ts.

type ContactRow = {
  out_phone: string;
  out_email: string;
  out_street: string;
  out_city: string;
  out_region: string;
  out_postal_code: string;
  out_country: string;
  out_social_handle: string;
  out_social_url: string;
  out_updated_at: Date | string;
};

/**
 * How guests reach the business behind a property (its owner's settings, else the defaults), with when it
 * was last changed (null: never). Any role may ask: a guest's request writes its e-mail with it.
 */
export async function findPropertyContact(
  db: Executor,
  propertyId: string,
): Promise<BusinessContact & { updatedAt: string | null }> {
  const result = await db.execute<ContactRow>(sql`select * from find_property_contact(${propertyId}::uuid)`);
  const row = (result as unknown as { rows: ContactRow[] }).rows[0];
  if (!row) return { ...defaultContact, updatedAt: null };
  return {
    saved: true,
    phone: row.out_phone,
    email: row.out_email,
    street: row.out_street,
    city: row.out_city,
    region: row.out_region,
    postal_code: row.out_postal_code,
    country: row.out_country,
    social_handle: row.out_social_handle,
    social_url: row.out_social_url,
    updatedAt: new Date(row.out_updated_at).toISOString(),
  };
}

/** The public site's contact: that of the business behind the site's property (SITE_PROPERTY_ID, else the first). */
export async function findSiteContact(
  db: Executor,
  siteProperty?: string,
): Promise<BusinessContact & { updatedAt: string | null }> {
  const result = await db.execute<{ out_id: string }>(
    sql`select out_id from find_site_property(${siteProperty ?? null}::uuid)`,
  );
  const found = (result as unknown as { rows: { out_id: string }[] }).rows[0];
  if (!found) return { ...defaultContact, updatedAt: null };
  return findPropertyContact(db, found.out_id);
}
