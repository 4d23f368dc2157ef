import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type OpenDatabaseOptions } from '../src/db/client';
import { ensureSampleArt } from '@dwellscape/sample-art';
import { seedSampleWorld } from '../src/seed/seed';
import { createLocalDiskStorage, type FileStorage } from '../src/storage/file-storage';
import { buildServerBundle, removeServerBundle, SERVER_BUNDLE_ENV } from './server-bundle';

/**
 * What every test database starts from, built once per vitest run (never reused across runs, so
 * a changed migration or seed is always in it): createTestApp copies a template instead of
 * migrating and seeding again in every file. The seed's pictures come from the sample art's own
 * cache, built here first when its sources changed.
 */
export interface TestTemplates {
  /** PGlite data directories to copy: migrated, and migrated with the sample world. */
  pglite: { migrated: string; seeded: string };
  /** Template databases on the test Postgres server, when TEST_DATABASE_URL (or DATABASE_URL) is set. */
  postgres: { migrated: string; seeded: string } | null;
  /** The server as one file (server-bundle.ts), which the child-server tests start. */
  serverBundle: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestTemplates: TestTemplates;
  }
}

/** One set of templates, being built or built, and how to remove it. */
interface Build {
  templates: Promise<TestTemplates>;
  remove(): Promise<void>;
}

function startBuild(): Build {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-test-run-'));
  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const postgresNames = postgresUrl ? templateNames() : null;
  const bundleName = path.basename(root);
  const templates = Promise.all([buildTemplates(root, postgresUrl, postgresNames), buildServerBundle(bundleName)]).then(
    ([built, serverBundle]) => ({ ...built, serverBundle }),
  );
  return {
    templates,
    async remove() {
      await templates.catch(() => undefined);
      if (postgresUrl && postgresNames) await dropDatabases(postgresUrl, Object.values(postgresNames));
      rmSync(root, { recursive: true, force: true });
      removeServerBundle(bundleName);
    },
  };
}

/** The server and reliability projects both name this file: they share one build. */
interface Shared {
  build: Build;
  projects: Set<TestProject>;
  rebuilding?: Promise<void> | undefined;
}
const state = globalThis as typeof globalThis & { __dwellscapeTestTemplates?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (state.__dwellscapeTestTemplates ??= { build: startBuild(), projects: new Set() });
  shared.projects.add(project);
  const release = async () => {
    shared.projects.delete(project);
    if (shared.projects.size > 0) return;
    state.__dwellscapeTestTemplates = undefined;
    await shared.build.remove();
  };
  try {
    useTemplates(project, await shared.build.templates);
  } catch (err) {
    await release();
    throw err;
  }
  // watch mode: a rerun may follow a change to the schema, the seed or an illustration
  project.onTestsRerun(() => rebuild(shared));
  return release;
}

function useTemplates(project: TestProject, templates: TestTemplates): void {
  project.provide('serverTestTemplates', templates);
  // the test processes, forked after this, inherit it (child-server.ts is also used outside vitest, by bench/)
  process.env[SERVER_BUNDLE_ENV] = templates.serverBundle;
}

function rebuild(shared: Shared): Promise<void> {
  // each project's handler runs for the same rerun: the first starts the build, the others wait for it
  shared.rebuilding ??= (async () => {
    const previous = shared.build;
    shared.build = startBuild();
    try {
      const templates = await shared.build.templates;
      for (const project of shared.projects) useTemplates(project, templates);
    } finally {
      shared.rebuilding = undefined;
      await previous.remove();
    }
  })();
  return shared.rebuilding;
}

function templateNames() {
  const run = randomBytes(5).toString('hex');
  return { migrated: `dwellscape_tpl_${run}_migrated`, seeded: `dwellscape_tpl_${run}_seeded` };
}

async function buildTemplates(
  root: string,
  postgresUrl: string | undefined,
  postgresNames: { migrated: string; seeded: string } | null,
): Promise<Omit<TestTemplates, 'serverBundle'>> {
  const pgliteMigrated = path.join(root, 'pglite-migrated');
  const pgliteSeeded = path.join(root, 'pglite-seeded');
  const seedStorage = createLocalDiskStorage(path.join(root, 'seed-media'));

  // one after the other: PGlite's work holds this thread, which would starve the renders' scheduling
  await ensureSampleArt({ concurrency: os.availableParallelism() });
  await Promise.all([
    migrateOnce(pgliteAt(pgliteMigrated)),
    postgresUrl && postgresNames
      ? createDatabase(postgresUrl, postgresNames.migrated).then((url) => migrateOnce(postgresAt(url)))
      : null,
  ]);

  // the seed copies the built pictures and inserts the rows
  cpSync(pgliteMigrated, pgliteSeeded, { recursive: true });
  await Promise.all([
    seedOnce(pgliteAt(pgliteSeeded), seedStorage),
    postgresUrl && postgresNames
      ? createDatabase(postgresUrl, postgresNames.seeded, postgresNames.migrated).then((url) =>
          seedOnce(postgresAt(url), seedStorage),
        )
      : null,
  ]);

  return {
    pglite: { migrated: pgliteMigrated, seeded: pgliteSeeded },
    postgres: postgresNames,
  };
}

const pgliteAt = (dir: string): OpenDatabaseOptions => ({ pgliteDir: dir });
const postgresAt = (url: string): OpenDatabaseOptions => ({ databaseUrl: url, poolSize: 2 });

/** Opening a database migrates it. */
async function migrateOnce(at: OpenDatabaseOptions): Promise<void> {
  const database = await openDatabase(at);
  await database.close();
}

async function seedOnce(at: OpenDatabaseOptions, storage: FileStorage): Promise<void> {
  const database = await openDatabase(at);
  try {
    await seedSampleWorld({ db: database.db, storage });
  } finally {
    await database.close();
  }
}

/** Creates a database (from `template` when given) on the server of `baseUrl`; resolves to its URL. */
async function createDatabase(baseUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabases(baseUrl: string, names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
