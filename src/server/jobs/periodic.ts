import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` every `everyMs`, and once `firstMs` after the start. Never two passes at once in a process:
 * a tick while one runs joins it. A failed pass is logged as `failure`, and the next runs as planned.
 * The timers do not keep the process alive; `stop()` ends them and waits for a pass under way.
 */
export function startPeriodicJob<T>(options: {
  pass: () => Promise<T>;
  everyMs: number;
  firstMs: number;
  logger?: FastifyBaseLogger;
  failure: string;
}) {
  let running: Promise<T> | undefined;
  let stopped = false;
  const tick = () => {
    running ??= options.pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  const check = () => {
    if (stopped) return;
    tick().catch((error: unknown) => options.logger?.error({ err: error }, options.failure));
  };
  const timer = setInterval(check, options.everyMs);
  timer.unref();
  const first = setTimeout(check, options.firstMs);
  first.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running?.catch(() => {});
    },
  };
}
