import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/**
 * The rule: no call to an outside service (a payment gateway, a mail server, a channel's feed) while a
 * database transaction is open. On the embedded database one open transaction holds every other request,
 * and on PostgreSQL it holds its row locks, for as long as the service takes to answer. Work that needs both
 * records its intent, commits, calls, and records the outcome in a second transaction.
 *
 * Every transaction the server opens runs inside `openTransactions` (see `watchTransactions`), and every
 * outside call asks `assertNoTransactionOpen` first, so a call made inside one fails at once, in tests too.
 */
const openTransactions = new AsyncLocalStorage<true>();

export class OutsideCallInTransactionError extends Error {
  override name = 'OutsideCallInTransactionError';
}

export function assertNoTransactionOpen(service: string): void {
  if (openTransactions.getStore()) {
    throw new OutsideCallInTransactionError(
      `${service} was called while a database transaction was open: record the intent, commit, then call`,
    );
  }
}

/** Marks every transaction of `db` (and the work inside it) as open, for assertNoTransactionOpen. */
export function watchTransactions<T extends Db>(db: T): T {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    openTransactions.run(true, () => transaction(work, config))) as typeof db.transaction;
  return db;
}
