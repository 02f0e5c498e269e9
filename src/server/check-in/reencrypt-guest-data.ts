import type { Db } from '../db/client';
import { decryptGuestData, encryptGuestData, type GuestDataKeys } from './guest-data-key';
import { lockRowsNotUnderKey, updateEncryptedNumbers } from './queries';

const BATCH = 200;

export type ReencryptReport = {
  /** The key every number is now under. */
  keyId: string;
  /** Guests whose numbers were re-encrypted, and how many numbers that was. */
  guests: number;
  values: number;
  /** Numbers no key in hand reads (altered or damaged), left as they are. */
  unreadable: number;
};

/**
 * Re-encrypts every guest's ID, passport and visa number under the current key, a batch of rows per
 * transaction (each row locked while it is rewritten, so a server running on PostgreSQL meanwhile never
 * sees half of it). Run again, it finds nothing to do. A number none of the keys reads is left as it is.
 */
export async function reencryptGuestData(
  db: Db,
  keys: GuestDataKeys,
  options: { batch?: number } = {},
): Promise<ReencryptReport> {
  const report: ReencryptReport = { keyId: keys.current.id, guests: 0, values: 0, unreadable: 0 };
  const limit = options.batch ?? BATCH;
  // Move a value under the current key; one already there, or unreadable, stays as it is.
  const move = (value: string | null): string | null => {
    if (value === null || value.split('.')[1] === keys.current.id) return value;
    const plain = decryptGuestData(keys.all, value);
    if (plain === null) {
      report.unreadable += 1;
      return value;
    }
    report.values += 1;
    return encryptGuestData(keys.current, plain);
  };
  let after: string | null = null;
  for (;;) {
    const from: string | null = after;
    const count = await db.transaction(async (tx) => {
      const rows = await lockRowsNotUnderKey(tx, { keyId: keys.current.id, after: from, limit });
      for (const row of rows) {
        const id_number_encrypted = move(row.id_number_encrypted)!;
        const visa_number_encrypted = move(row.visa_number_encrypted);
        if (
          id_number_encrypted === row.id_number_encrypted &&
          visa_number_encrypted === row.visa_number_encrypted
        )
          continue;
        await updateEncryptedNumbers(tx, { id: row.id, id_number_encrypted, visa_number_encrypted });
        report.guests += 1;
      }
      after = rows.at(-1)?.id ?? after;
      return rows.length;
    });
    if (count < limit) return report;
  }
}
