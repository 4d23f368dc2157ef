import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedSampleWorld } from './seed/seed';
import { warmSeedImageSizes } from './seed/warm-image-sizes';

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });
  const app = await buildApp({ config, database });
  await seedSampleWorld({ db: database.db, storage: app.storage, log: app.log });

  const warming = new AbortController();
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    warming.abort();
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting without finishing it');
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - startedAt);
  app.log.info(`Dwellscape is listening on ${address} (database: ${database.kind}, ready in ${ms} ms)`);
  app.log.info(
    config.betaPasswordIsDefault
      ? `Gate password: "${config.betaPassword}" (the default; set BETA_PASSWORD to change it)`
      : 'Gate password: taken from BETA_PASSWORD',
  );
  // the render threads start now rather than with the first person's render
  const warmStarted = performance.now();
  app.engines.warm().then(
    () => app.log.info(`render threads ready in ${Math.round(performance.now() - warmStarted)} ms`),
    (err: unknown) => app.log.warn({ err }, 'warming the render threads failed'),
  );
  if (config.warmSampleImageSizes) {
    void warmSeedImageSizes({ storage: app.storage, log: app.log, signal: warming.signal });
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Dwellscape failed to start:', err);
  }
  process.exit(1);
});
