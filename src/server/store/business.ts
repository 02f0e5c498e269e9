import { eq, sql } from 'drizzle-orm';
import type { BusinessContact, BusinessContactUpdate } from '../../domain/business-contact';
import {
  BUSINESS_PROFILE_DEFAULTS,
  type BusinessProfile,
  type BusinessProfileUpdate,
} from '../../domain/business-profile';
import { defaultContact } from '../../content/site';
import type { Executor } from '../db/client';
import { businessContacts, businessProfiles } from '../db/schema';

/** The operator's business profile, or the defaults while they saved none. */
export async function findBusinessProfile(db: Executor, operatorId: string): Promise<BusinessProfile> {
  const [row] = await db
    .select()
    .from(businessProfiles)
    .where(eq(businessProfiles.operator_id, operatorId))
    .limit(1);
  if (!row) return BUSINESS_PROFILE_DEFAULTS;
  return {
    saved: true,
    registered: row.registered,
    legal_name: row.legal_name,
    trade_name: row.trade_name,
    address: row.address,
    state_code: row.state_code,
    pan: row.pan,
    gstins: row.gstins,
    invoice_prefix: row.invoice_prefix,
    signatory_name: row.signatory_name,
  };
}

/** Replaces the operator's profile with the one given (a PUT: every field is stated). */
export async function saveBusinessProfile(
  db: Executor,
  operatorId: string,
  profile: BusinessProfileUpdate,
): Promise<void> {
  // Kept in state order, so the same GSTINs given in another order are no change in the audit log.
  const gstins = [...profile.gstins]
    .sort((a, b) => a.state_code.localeCompare(b.state_code))
    .map(({ state_code, gstin }) => ({ state_code, gstin }));
  const values = { ...profile, gstins };
  await db
    .insert(businessProfiles)
    .values({ operator_id: operatorId, ...values })
    .onConflictDoUpdate({
      target: businessProfiles.operator_id,
      set: { ...values, updated_at: sql`now()` },
    });
}

/** The operator's contact details, or the defaults while they saved none. */
export async function findBusinessContact(db: Executor, operatorId: string): Promise<BusinessContact> {
  const [row] = await db
    .select()
    .from(businessContacts)
    .where(eq(businessContacts.operator_id, operatorId))
    .limit(1);
  if (!row) return defaultContact;
  const { operator_id: _operator, updated_at: _updated, ...contact } = row;
  return { saved: true, ...contact };
}

/** Replaces the operator's contact details with the ones given (a PUT: every field is stated). */
export async function saveBusinessContact(
  db: Executor,
  operatorId: string,
  contact: BusinessContactUpdate,
): Promise<void> {
  await db
    .insert(businessContacts)
    .values({ operator_id: operatorId, ...contact })
    .onConflictDoUpdate({
      target: businessContacts.operator_id,
      set: { ...contact, updated_at: sql`now()` },
    });
}
