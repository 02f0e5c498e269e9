import { buildApp } from './app';
import { readBackupSettings, startBackups } from './backups/backups';
import { prepareDatabase } from './bootstrap';
import { stopFeedParser } from './channels/parse-feed-in-worker';
import { readChannelSettings, startChannelScheduler } from './channels/scheduler';
import { createLeaseHolder } from './jobs/lease';
import { DataDirInUseError, openDatabase } from './db/client';
import { readMessageSettings } from './messages/settings';
import { createMailTransport } from './messages/transport';
import { startMessageWorker } from './messages/worker';
import { EnvError, loadDotEnv, readEnv, type Env } from './env';
import { createLogger } from './logger';

const startedAt = performance.now();
const SHUTDOWN_GRACE_MS = 10_000;

let env: Env;
try {
  loadDotEnv();
  env = readEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(
      `The server cannot start.\n${error.message}\nSee .env.example for every variable and its meaning.`,
    );
    process.exit(1);
  }
  throw error;
}

const logger = createLogger({ level: env.LOG_LEVEL });

async function startServer() {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  const report = await prepareDatabase(database, env);
  if (report.generatedPassword) {
    // Printed once, on purpose not through the JSON log: the operator has to read it.
    console.log(
      [
        '',
        '  An operator account was created for the management area (/villa-management):',
        `    username: ${report.operatorEmail}`,
        `    password: ${report.generatedPassword}`,
        '  It is shown only this once. Change it with:',
        `    npm run operator -- set-password ${report.operatorEmail}`,
        '',
      ].join('\n'),
    );
  }
  const leaseHolder = createLeaseHolder();
  const channels = readChannelSettings(env);
  const messages = readMessageSettings(env);
  const transport = createMailTransport({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: env.mailOutboxDir,
  });
  const worker = startMessageWorker({
    db: database.db,
    transport,
    holder: leaseHolder,
    settings: messages,
    logger,
    pollMs: 5_000,
  });
  const app = await buildApp({
    database,
    clientDir: env.clientDir,
    logger,
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    sessionIdleMs: env.SESSION_IDLE_HOURS * 3_600_000,
    trustProxy: env.TRUST_PROXY,
    siteProperty: env.SITE_PROPERTY_ID,
    bookingRequestsPerHour: env.BOOKING_REQUESTS_PER_HOUR,
    pendingRequestLimits: {
      perNetwork: env.REQUEST_PENDING_PER_NETWORK,
      perEmail: env.REQUEST_PENDING_PER_EMAIL,
      nightsMax: env.REQUEST_PENDING_NIGHTS_MAX,
    },
    channels,
    leaseHolder,
    messages,
    onMessagesWritten: () => worker.wake(),
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info(
    { database: database.kind, seeded: report.seeded, startupMs: Math.round(performance.now() - startedAt) },
    `Ready on http://${env.HOST}:${port}`,
  );
  const scheduler = startChannelScheduler({
    db: database.db,
    settings: { ...channels, messages },
    holder: leaseHolder,
    logger,
    onMessagesWritten: () => worker.wake(),
  });
  const backups = await startBackups({
    database,
    settings: readBackupSettings(env),
    holder: leaseHolder,
    logger,
  });

  logger.info(
    transport.kind === 'smtp' ? { mail: 'smtp' } : { mail: 'outbox', folder: env.mailOutboxDir },
    transport.kind === 'smtp'
      ? 'E-mail is sent through SMTP_URL'
      : 'E-mail is written to the outbox folder (SMTP_URL is unset)',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // A calendar being read (up to 15 s) is given up, so the scheduler's pass ends within the grace:
      // its sync is recorded as failed, having changed nothing, and the next one reads it again.
      const schedulerStopped = scheduler.stop();
      await stopFeedParser();
      await schedulerStopped;
      await worker.stop();
      await backups.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

startServer().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`The server cannot start.\n${error.message}`);
  else logger.fatal({ err: error }, 'The server could not start');
  process.exit(1);
});
