import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createEngines } from './engines';
import { listenToRenderJobs } from './modules/render-jobs/render-job-events';
import { createRenderJobRunner } from './modules/render-jobs/render-job-runner';
import { openFileStorage } from './storage/open-file-storage';

/**
 * `npm run worker`: renders jobs and nothing else, beside servers started with RENDER_WORKER=off, on the same Postgres
 * and the same file store. The embedded database belongs to one process, so a worker needs DATABASE_URL.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'Invalid environment:\n  DATABASE_URL is required for a separate render worker (the embedded database belongs to the server)',
    );
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const storage = await openFileStorage(config.storage);
  const engines = createEngines(config, storage);
  const events = await listenToRenderJobs(database);
  const runner = createRenderJobRunner({
    deps: { db: database.db, storage, engines },
    events,
    log,
    ...config.renderJobs,
  });

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'render worker stopping: waiting for its running jobs');
    const timer = setTimeout(() => process.exit(1), 130_000).unref();
    await runner.stop();
    await events.close();
    await engines.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await runner.start();
  log.info(
    `Render worker ${runner.workerId} is taking jobs (${config.renderJobs.concurrency} at once, image engine: ${config.imageEngine})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The render worker failed to start:', err);
  process.exit(1);
});
