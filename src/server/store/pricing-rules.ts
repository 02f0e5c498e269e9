import { eq, sql } from 'drizzle-orm';
import {
  clampStoredPricingRules,
  DEFAULT_PRICING_RULES,
  PricingRulesSchema,
  type PricingRules,
} from '../../domain/pricing';
import type { Executor } from '../db/client';
import { pricingRules } from '../db/schema';

/**
 * A property's pricing rules, or the defaults when none were saved. Stored rules are parsed again, so a
 * rule added later (with its default) reads correctly from rules saved before it existed, and a stay limit
 * saved beyond what a guest can request reads as that limit (see clampStoredPricingRules).
 */
export async function findPricingRules(db: Executor, propertyId: string): Promise<PricingRules> {
  const [row] = await db
    .select({ rules: pricingRules.rules })
    .from(pricingRules)
    .where(eq(pricingRules.property_id, propertyId))
    .limit(1);
  return row ? PricingRulesSchema.parse(clampStoredPricingRules(row.rules)) : DEFAULT_PRICING_RULES;
}

export async function savePricingRules(
  db: Executor,
  input: { propertyId: string; rules: PricingRules },
): Promise<void> {
  await db
    .insert(pricingRules)
    .values({ property_id: input.propertyId, rules: input.rules })
    .onConflictDoUpdate({
      target: pricingRules.property_id,
      set: { rules: input.rules, updated_at: sql`now()` },
    });
}
