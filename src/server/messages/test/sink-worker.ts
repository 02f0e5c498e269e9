import type { Db } from '../../db/client';
import { createMailTransport } from '../transport';
import { startMessageWorker, type MessageWorker } from '../worker';
import type { SmtpSink } from './smtp-sink';

/** A message worker that sends the outbox to the tests' SMTP sink, as the server's worker sends to SMTP_URL. */
export function startSinkWorker(
  db: Db,
  sink: SmtpSink,
  options: {
    config: Parameters<typeof startMessageWorker>[0]['config'];
    holder?: string;
    logger?: Parameters<typeof startMessageWorker>[0]['logger'];
  },
): MessageWorker {
  return startMessageWorker({
    db,
    transport: createMailTransport({
      smtpUrl: sink.url,
      from: 'Villa <stay@villa.test>',
      outboxDir: '/nonexistent',
      timeoutMs: 2_000,
    }),
    holder: options.holder ?? 'test-worker',
    config: options.config,
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
