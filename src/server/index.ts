import { EnvError, loadDotEnv, readConfig, type Config } from './env';
import { createLogger } from './logger';

const startedAt = performance.now();
const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  loadDotEnv();
  config = readConfig();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(
      `The server cannot start.\n${error.message}\nSee .env.example for every variable and its meaning.`,
    );
    process.exit(1);
  }
  throw error;
}

const logger = createLogger({ level: config.logLevel });

async function startServer() {
  // Loaded once the environment is known to be valid, so that a wrong variable is reported at once rather
  // than after every module of the server (the database, the app, the workers) has been loaded.
  const [
    { buildApp },
    { createDatabaseBackups, readBackupSettings, startBackups },
    { prepareDatabase },
    { stopFeedParser },
    { startChannelScheduler },
    { createLeaseHolder },
    { openDatabase },
    { createMailTransport },
    { startMessageWorker },
    { startPaymentReminders },
    { startRefundReconciler },
    { startScheduledMessages },
    { startGuestDataRetention },
  ] = await Promise.all([
    import('./app'),
    import('./backups/backups'),
    import('./bootstrap'),
    import('./channels/parse-feed-in-worker'),
    import('./channels/scheduler'),
    import('./jobs/lease'),
    import('./db/client'),
    import('./messages/transport'),
    import('./messages/worker'),
    import('./messages/payment-reminders'),
    import('./payments/refund-reconciler'),
    import('./messages/scheduled-messages'),
    import('./check-in/retention'),
  ]);
  const database = await openDatabase({ databaseUrl: config.database.url, dataDir: config.database.dataDir });
  const report = await prepareDatabase(database, config);
  if (report.rules.result === 'newer-in-database') {
    // An older build (a rollback, or an old server during a rolling deploy) must not undo newer rules.
    logger.warn(
      { databaseRules: report.rules.database, buildRules: report.rules.build },
      'The database has newer rules than this build; they were left in place',
    );
  }
  if (report.underOldKeys.length > 0) {
    logger.warn(
      { keys: report.underOldKeys },
      "Some guests' numbers are still under an old key (GUEST_DATA_KEYS_OLD): run npm run guest-data-key -- reencrypt",
    );
  }
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
  const transport = createMailTransport({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: config.mail.outboxDir,
  });
  const worker = startMessageWorker({ db: database.db, transport, holder: leaseHolder, config, logger });
  const backupSettings = readBackupSettings(config);
  const backupService = createDatabaseBackups(database, backupSettings);
  const app = await buildApp(config, {
    database,
    backups: backupService,
    guestDataKeys: report.guestDataKeys,
    logger,
    leaseHolder,
    onMessagesWritten: () => worker.wake(),
  });
  const { host, port: configuredPort } = config.server;
  await app.listen({ port: configuredPort, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : configuredPort;
  logger.info(
    { database: database.kind, seeded: report.seeded, startupMs: Math.round(performance.now() - startedAt) },
    `Ready on http://${host}:${port}`,
  );
  const scheduler = startChannelScheduler({
    db: database.db,
    config,
    holder: leaseHolder,
    logger,
    onMessagesWritten: () => worker.wake(),
  });
  const reminders = startPaymentReminders({
    db: database.db,
    config,
    holder: leaseHolder,
    logger,
    onMessagesWritten: () => worker.wake(),
  });
  const refunds = startRefundReconciler({
    db: database.db,
    razorpay: config.payments.razorpay,
    holder: leaseHolder,
    logger,
  });
  const scheduledMessages = startScheduledMessages({
    db: database.db,
    config,
    holder: leaseHolder,
    logger,
    onMessagesWritten: () => worker.wake(),
  });
  const retention = startGuestDataRetention({ db: database.db, config, holder: leaseHolder, logger });
  const backups = await startBackups({
    database,
    settings: backupSettings,
    service: backupService,
    holder: leaseHolder,
    logger,
  });

  logger.info(
    transport.kind === 'smtp' ? { mail: 'smtp' } : { mail: 'outbox', folder: config.mail.outboxDir },
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
      await reminders.stop();
      await refunds.stop();
      await scheduledMessages.stop();
      await retention.stop();
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

startServer().catch(async (error: unknown) => {
  const [{ DataDirInUseError }, { GuestDataKeyError }] = await Promise.all([
    import('./db/client'),
    import('./check-in/guest-data-key'),
  ]);
  // Said to the operator in words, not through the JSON log: they have something to do.
  if (error instanceof DataDirInUseError || error instanceof GuestDataKeyError)
    console.error(`The server cannot start.\n${error.message}`);
  else logger.fatal({ err: error }, 'The server could not start');
  process.exit(1);
});
