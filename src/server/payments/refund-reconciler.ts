import type { FastifyBaseLogger } from 'fastify';
import { villaToday } from '../../domain/dates';
import type { Db } from '../db/client';
import type { RazorpayConfig } from '../env';
import { runWithLease } from '../jobs/lease';
import { startPeriodicJob } from '../jobs/periodic';
import { listPendingGatewayRefunds } from '../store/gateway-refunds';
import { reconcileRazorpayRefund } from './razorpay-refund';

/** A pending refund is asked about again once it has rested this long (Razorpay may still be answering). */
export const REFUND_RECONCILE_AFTER_MS = 2 * 60_000;
const EVERY_MS = 5 * 60_000;
const BATCH = 20;

/**
 * One round of the reconciler, under its lease: each refund pending for a while is settled by what Razorpay
 * says of it (or asked again with its own key). The number of refunds it settled.
 */
export async function reconcilePendingRefunds(
  db: Db,
  options: { razorpay: RazorpayConfig; holder: string; now?: () => Date; logger?: FastifyBaseLogger },
): Promise<number> {
  const run = await runWithLease(
    db,
    { key: 'payments:refunds', holder: options.holder, ttlMs: 120_000 },
    async () => {
      const now = options.now?.() ?? new Date();
      const targets = await listPendingGatewayRefunds(db, {
        triedBefore: new Date(now.getTime() - REFUND_RECONCILE_AFTER_MS),
        limit: BATCH,
      });
      let settled = 0;
      for (const target of targets) {
        const refund = await reconcileRazorpayRefund(db, {
          razorpay: options.razorpay,
          target,
          today: villaToday(now),
        });
        if (refund && refund.status !== 'pending') {
          settled += 1;
          options.logger?.info({ refund: refund.id, status: refund.status }, 'pending refund settled');
        }
      }
      return settled;
    },
  );
  return run.acquired ? run.value : 0;
}

/** The reconciler's periodic job (when Razorpay is set up): every five minutes, and soon after the start. */
export function startRefundReconciler(options: {
  db: Db;
  razorpay: RazorpayConfig | null;
  holder: string;
  logger?: FastifyBaseLogger;
}) {
  const { razorpay } = options;
  if (!razorpay) return { tick: async () => 0, stop: async () => {} };
  return startPeriodicJob({
    pass: () => reconcilePendingRefunds(options.db, { ...options, razorpay }),
    everyMs: EVERY_MS,
    firstMs: 10_000,
    logger: options.logger,
    failure: 'refund reconciler round failed',
  });
}
