import { customType } from 'drizzle-orm/pg-core';
import { formatDecimal, parseMinor, type MinorUnits } from '../../domain/money';

/**
 * An amount of money: `numeric(12,2)` in SQL, whole minor units in TypeScript. Both drivers hand a numeric
 * over as its decimal text ("2800.50"), which is read digit by digit, so no float ever holds an amount
 * read from the database; it is written back as decimal text too.
 */
export const moneyColumn = customType<{ data: MinorUnits; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  fromDriver: (value) => parseMinor(String(value)) as MinorUnits,
  toDriver: (minor) => formatDecimal(minor),
});
