import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addCommentResponseSchema,
  apiPaths,
  designSchema,
  feedResponseSchema,
  likeResponseSchema,
  listOf,
  productSchema,
  designProductSchema,
  sessionResponseSchema,
  uploadResponseSchema,
  type Design,
  type Mode,
  type DesignProduct,
} from '@dwellscape/shared';
import { createPglite } from '../../src/db/client';
import { createLocalDiskStorage } from '../../src/storage/file-storage';
import { createPostgresDatabase } from '../helpers';
import { filePart, makeJpeg, multipartBody } from '../media-fixtures';
import { prepareDataDir, startChildServer, type ChildServer } from './child-server';
import { signUpOverHttp } from './support';

/**
 * kill -9 during a publish, like and comment storm, then restart: every acknowledged write
 * (a 2xx that reached the client in full) must be there, no design may be half-written, the
 * counters must equal their rows, and no row may point at a missing file.
 */

const heavy = process.env.RELIABILITY_HEAVY === '1';
const CYCLES = heavy ? 20 : 10;
/** Requests the storm keeps in flight. */
const WORKERS = heavy ? 10 : 6;
/**
 * The kill lands after a random number of acknowledged writes, then a random pause, so it hits
 * the storm mid-flight however fast or slow the machine is.
 */
const KILL_AFTER_ACKS: [number, number] = [3, heavy ? 40 : 15];
const KILL_JITTER_MS: [number, number] = [0, 400];
const SESSIONS_PER_CYCLE = 3;

const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** Where the kill lands depends on scheduling anyway, so plain Math.random is enough. */
const random = {
  next: () => Math.random(),
  int: (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1)),
  pick: <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!,
};

interface AckedLike {
  designId: string;
  /** The browser that liked it, which must still see it liked after the restart. */
  cookie: string;
  /** design_likes.viewer_id: the account when signed in, the gate session otherwise (decision 0016). */
  likerId: string;
  cycle: number;
}

/** One browser of the storm: signed in (it may publish and comment) or not (it only likes). */
interface StormClient {
  cookie: string;
  likerId: string;
  signedIn: boolean;
}

interface AckedComment {
  id: string;
  designId: string;
  content: string;
  cycle: number;
}

/** Every write the clients saw acknowledged, across all cycles. */
interface Ledger {
  uploads: { url: string; cycle: number }[];
  designs: Map<string, { design: Design; cycle: number }>;
  likes: AckedLike[];
  comments: AckedComment[];
  /** Complete answers that were not 2xx: a bug, not a crash. */
  unexpected: string[];
}

interface StormWorld {
  productsByMode: Record<Mode, DesignProduct[]>;
  /** Designs likes and comments go to: a few seeded ones plus every acknowledged publish. */
  targets: string[];
  images: Buffer[];
}

class Disconnected extends Error {}

/** One HTTP call of the storm; a dropped connection throws Disconnected, any complete answer is returned. */
async function call(
  server: ChildServer,
  method: string,
  pathname: string,
  init: { cookie: string; json?: unknown; body?: Buffer; contentType?: string },
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  let text: string;
  try {
    const headers: Record<string, string> = { cookie: init.cookie };
    let body: string | Buffer | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body) {
      headers['content-type'] = init.contentType ?? 'application/octet-stream';
      body = init.body;
    }
    res = await fetch(`${server.baseUrl}${pathname}`, { method, headers, ...(body === undefined ? {} : { body }) });
    // the answer counts only once its last byte is in
    text = await res.text();
  } catch (err) {
    throw new Disconnected(String(err));
  }
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function getJson<T>(
  server: ChildServer,
  pathname: string,
  cookie: string,
  schema: z.core.$ZodType<T>,
): Promise<T> {
  const res = await call(server, 'GET', pathname, { cookie });
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return z.parse(schema, res.body);
}

async function loadStormWorld(server: ChildServer, cookie: string): Promise<StormWorld> {
  const productsByMode = {} as Record<Mode, DesignProduct[]>;
  const targets: string[] = [];
  for (const mode of ['interior', 'landscape'] as const) {
    const products = await getJson(server, `${apiPaths.products}?mode=${mode}`, cookie, listOf(productSchema));
    productsByMode[mode] = products.items.map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      brandId: p.brandId,
      imageUrl: p.imageUrl,
      quantity: 1,
      ownItem: false,
    }));
    const feed = await getJson(server, `${apiPaths.designs}?mode=${mode}&limit=3`, cookie, feedResponseSchema);
    targets.push(...feed.items.map((d) => d.id));
  }
  const images = await Promise.all(
    ['#7a9e7e', '#b5651d', '#4a6fa5', '#d4c5a9'].map((c, i) => makeJpeg(320 + i * 16, 240, c)),
  );
  return { productsByMode, targets, images };
}

/** A new browser past the gate, signed up as a new account or browsing signed out. */
async function stormClient(server: ChildServer, signedIn: boolean): Promise<StormClient> {
  const cookie = await server.unlock();
  if (signedIn) {
    const account = await signUpOverHttp(server.baseUrl, cookie);
    return { cookie: account.cookie, likerId: account.accountId, signedIn };
  }
  const me = await getJson(server, apiPaths.me, cookie, sessionResponseSchema);
  return { cookie, likerId: me.viewerId, signedIn };
}

/** The storm: WORKERS loops of publish (upload + POST), like and comment until the process dies. */
async function runStorm(options: {
  server: ChildServer;
  cycle: number;
  clients: StormClient[];
  world: StormWorld;
  ledger: Ledger;
}): Promise<{ inFlightAtKill: number; requests: number }> {
  const { server, cycle, clients, world, ledger } = options;
  const accounts = clients.filter((client) => client.signedIn);
  let killed = false;
  let inFlight = 0;
  let requests = 0;
  let acks = 0;
  let published = 0;
  let serial = 0;
  // the kill also waits for one acknowledged publish, so that even a slow machine kills designs mid-storm
  const killAfterAcks = random.int(...KILL_AFTER_ACKS);
  let reachedTarget: () => void = () => undefined;
  const targetReached = new Promise<void>((resolve) => (reachedTarget = resolve));
  const acknowledged = (what: 'publish' | 'other' = 'other') => {
    acks++;
    if (what === 'publish') published++;
    if (acks >= killAfterAcks && published > 0) reachedTarget();
  };

  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    requests++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  };
  const expectStatus = (what: string, res: { status: number; body: unknown }, status: number) => {
    if (res.status === status) return true;
    ledger.unexpected.push(`cycle ${cycle}: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
    reachedTarget();
    return false;
  };

  const upload = async (cookie: string): Promise<string | null> => {
    const form = multipartBody([filePart(random.pick(world.images))]);
    const res = await counted(() =>
      call(server, 'POST', apiPaths.uploads, { cookie, body: form.payload, contentType: form.contentType }),
    );
    if (!expectStatus('upload', res, 201)) return null;
    const { url } = uploadResponseSchema.parse(res.body);
    ledger.uploads.push({ url, cycle });
    acknowledged();
    return url;
  };

  const publish = async (cookie: string) => {
    const afterImageUrl = await upload(cookie);
    if (!afterImageUrl) return;
    const beforeImageUrl = random.next() < 0.5 ? await upload(cookie) : null;
    const mode = random.pick(['interior', 'landscape'] as const);
    const products = world.productsByMode[mode];
    const selectedProducts = [random.pick(products), random.pick(products)]
      .filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i)
      .map((p) => ({ ...p, quantity: random.int(1, 3) }));
    const n = ++serial;
    const res = await counted(() =>
      call(server, 'POST', apiPaths.designs, {
        cookie,
        json: {
          title: `Crash ${cycle}.${n}`,
          caption: `Published during crash cycle ${cycle} (${randomUUID()})`,
          afterImageUrl,
          beforeImageUrl,
          selectedProducts,
          userAnswers: { style: random.pick(['Modern', 'Rustic', 'Coastal']) },
          spaceType: mode === 'interior' ? 'Living Room' : 'Backyard',
          mode,
        },
      }),
    );
    if (!expectStatus('publish', res, 201)) return;
    const design = designSchema.parse(res.body);
    ledger.designs.set(design.id, { design, cycle });
    world.targets.push(design.id);
    acknowledged('publish');
  };

  const like = async ({ cookie, likerId }: StormClient) => {
    const designId = random.pick(world.targets);
    const res = await counted(() => call(server, 'PUT', apiPaths.designLike(designId), { cookie }));
    if (!expectStatus('like', res, 200)) return;
    if (!likeResponseSchema.parse(res.body).liked) ledger.unexpected.push(`cycle ${cycle}: like answered liked=false`);
    ledger.likes.push({ designId, cookie, likerId, cycle });
    acknowledged();
  };

  const comment = async (cookie: string) => {
    const designId = random.pick(world.targets);
    // a typed name is ignored for an account's comment, but must not break it
    const withName = random.next() < 0.5;
    const body = { text: `crash ${cycle}.${++serial} ${randomUUID()}`, ...(withName ? { name: 'Storm Guest' } : {}) };
    const res = await counted(() => call(server, 'POST', apiPaths.designComments(designId), { cookie, json: body }));
    if (!expectStatus('comment', res, 201)) return;
    const added = addCommentResponseSchema.parse(res.body);
    ledger.comments.push({ id: added.comment.id, designId, content: added.comment.content, cycle });
    acknowledged();
  };

  const worker = async () => {
    while (!killed) {
      const roll = random.next();
      try {
        // publishing and commenting need an account; anyone may like
        if (roll < 0.4) await publish(random.pick(accounts).cookie);
        else if (roll < 0.7) await like(random.pick(clients));
        else await comment(random.pick(accounts).cookie);
      } catch (err) {
        if (err instanceof Disconnected && killed) return;
        ledger.unexpected.push(`cycle ${cycle}: ${String(err)}`);
        reachedTarget();
        return;
      }
    }
  };

  const workers = Array.from({ length: WORKERS }, () => worker());
  await targetReached;
  await new Promise((r) => setTimeout(r, random.int(...KILL_JITTER_MS)));
  const inFlightAtKill = inFlight;
  killed = true;
  const exit = await options.server.crash();
  if (exit.signal !== 'SIGKILL')
    ledger.unexpected.push(`cycle ${cycle}: the server had already exited (${JSON.stringify(exit)})`);
  await Promise.all(workers);
  return { inFlightAtKill, requests };
}

/* ---------- reading the database behind the server ---------- */

type Rows = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

interface DatabaseReader {
  rows: Rows;
  close(): Promise<void>;
}

/**
 * PGlite is one process's database: it is read from a copy of the killed directory, which
 * goes through the same crash recovery the restarted server goes through.
 */
async function openReader(
  kind: 'pglite' | 'postgres',
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<DatabaseReader> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { rows: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  const copyDir = await mkdtemp(path.join(os.tmpdir(), 'dwellscape-crash-copy-'));
  await cp(path.join(dataDir, 'pgdata'), copyDir, { recursive: true });
  const db = await createPglite(copyDir);
  return {
    rows: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    async close() {
      await db.close();
      await rm(copyDir, { recursive: true, force: true });
    },
  };
}

const DRIFT_SQL = `
  select d.id,
         -- only an account's like counts (docs/security.md): a signed-out session's is a row the count leaves out
         d.likes_count - (select count(*)::int from design_likes l where l.design_id = d.id
           and exists (select 1 from users u where u.id = l.viewer_id)) as like_drift,
         d.comments_count - (select count(*)::int from design_comments c where c.design_id = d.id) as comment_drift
  from designs d`;

type Drifts = Map<string, { like: number; comment: number }>;

async function readDrifts(rows: Rows): Promise<Drifts> {
  return new Map(
    (await rows(DRIFT_SQL)).map((r) => [
      String(r.id),
      { like: Number(r.like_drift), comment: Number(r.comment_drift) },
    ]),
  );
}

/** Every URL column of every table, with where it was found. */
const URL_COLUMNS_SQL = `
  select 'users.avatar_url ' || id as source, avatar_url as url from users
  union all select 'brands.logo_url ' || id, logo_url from brands
  union all select 'products.image_url ' || id, image_url from products
  union all select 'templates.thumbnail_url ' || id, thumbnail_url from templates
  union all select 'templates.image_url ' || id, image_url from templates
  union all select 'spaces.thumbnail_url ' || id, thumbnail_url from spaces
  union all select 'spaces.image_url ' || id, image_url from spaces
  union all select 'designs.after_image_url ' || id, after_image_url from designs
  union all select 'designs.before_image_url ' || id, before_image_url from designs where before_image_url is not null
  union all select 'designs.video_url ' || id, video_url from designs where video_url is not null
  union all select 'designs.selected_products ' || id, p ->> 'imageUrl' from designs, jsonb_array_elements(selected_products) p`;

interface CheckResult {
  problems: string[];
  designs: number;
  files: number;
}

/** The database and the file store after a crash, against the ledger. */
async function checkIntegrity(rows: Rows, dataDir: string, ledger: Ledger, baseline: Drifts): Promise<CheckResult> {
  const problems: string[] = [];
  const storage = createLocalDiskStorage(path.join(dataDir, 'media'));

  // every acknowledged publish, exactly as it was acknowledged
  const ackedDesigns = [...ledger.designs.values()];
  const designRows = new Map(
    (
      await rows(
        `select id, title, caption, before_image_url, after_image_url, selected_products, user_answers, space_type, mode, user_id, is_public
         from designs where id = any($1::text[])`,
        [ackedDesigns.map((d) => d.design.id)],
      )
    ).map((r) => [String(r.id), r]),
  );
  for (const { design, cycle } of ackedDesigns) {
    const row = designRows.get(design.id);
    if (!row) {
      problems.push(`design ${design.id} (acknowledged in cycle ${cycle}) is missing`);
      continue;
    }
    const stored = {
      title: row.title,
      caption: row.caption,
      beforeImageUrl: row.before_image_url,
      afterImageUrl: row.after_image_url,
      selectedProducts: row.selected_products,
      userAnswers: row.user_answers,
      spaceType: row.space_type,
      mode: row.mode,
      userId: row.user_id,
      isPublic: row.is_public,
    };
    const acked = {
      title: design.title,
      caption: design.caption,
      beforeImageUrl: design.beforeImageUrl,
      afterImageUrl: design.afterImageUrl,
      selectedProducts: design.selectedProducts,
      userAnswers: design.userAnswers,
      spaceType: design.spaceType,
      mode: design.mode,
      userId: design.userId,
      isPublic: design.isPublic,
    };
    if (!isDeepStrictEqual(stored, acked)) {
      problems.push(`design ${design.id} differs from what was acknowledged: ${JSON.stringify({ stored, acked })}`);
    }
  }

  const commentRows = new Map(
    (
      await rows('select id, design_id, content from design_comments where id = any($1::text[])', [
        ledger.comments.map((c) => c.id),
      ])
    ).map((r) => [String(r.id), r]),
  );
  for (const c of ledger.comments) {
    const row = commentRows.get(c.id);
    if (!row) problems.push(`comment ${c.id} (acknowledged in cycle ${c.cycle}) is missing`);
    else if (row.design_id !== c.designId || row.content !== c.content) {
      problems.push(`comment ${c.id} differs: ${JSON.stringify(row)}`);
    }
  }

  const likeRows = new Set(
    (
      await rows(`select design_id, viewer_id from design_likes where viewer_id = any($1::text[])`, [
        [...new Set(ledger.likes.map((l) => l.likerId))],
      ])
    ).map((r) => `${String(r.design_id)}|${String(r.viewer_id)}`),
  );
  for (const l of ledger.likes) {
    if (!likeRows.has(`${l.designId}|${l.likerId}`)) {
      problems.push(`like of ${l.designId} by ${l.likerId.slice(0, 8)} (cycle ${l.cycle}) is missing`);
    }
  }

  // counters equal their rows (seeded designs keep the offset they were seeded with)
  const drifts = await readDrifts(rows);
  for (const [id, drift] of drifts) {
    const expected = baseline.get(id) ?? { like: 0, comment: 0 };
    if (drift.like !== expected.like)
      problems.push(`design ${id}: likes_count is off its rows by ${drift.like - expected.like}`);
    if (drift.comment !== expected.comment) {
      problems.push(`design ${id}: comments_count is off its rows by ${drift.comment - expected.comment}`);
    }
  }

  // no design is half-written
  const productIds = new Set((await rows('select id from products')).map((r) => String(r.id)));
  const allDesigns = await rows('select id, title, after_image_url, selected_products, user_id, mode from designs');
  for (const d of allDesigns) {
    if (typeof d.title !== 'string' || d.title.trim() === '') problems.push(`design ${String(d.id)} has no title`);
    if (typeof d.after_image_url !== 'string' || d.after_image_url === '')
      problems.push(`design ${String(d.id)} has no image`);
    if (d.mode !== 'interior' && d.mode !== 'landscape')
      problems.push(`design ${String(d.id)} has mode ${String(d.mode)}`);
    if (!Array.isArray(d.selected_products)) {
      problems.push(`design ${String(d.id)}: selected_products is ${JSON.stringify(d.selected_products)}`);
      continue;
    }
    for (const p of d.selected_products as unknown[]) {
      const parsed = designProductSchema.safeParse(p);
      const complete = parsed.success && typeof p === 'object' && p !== null && 'quantity' in p && 'ownItem' in p;
      // a catalogue line names a product that exists; an own item is a photo, no product (decision 0023)
      if (!complete || (!parsed.data.ownItem && !productIds.has(parsed.data.id))) {
        problems.push(`design ${String(d.id)}: incomplete product snapshot ${JSON.stringify(p)}`);
      }
    }
  }

  // no row points at a missing file
  const urls = await rows(URL_COLUMNS_SQL);
  const mediaRows = await rows('select key, bytes from media_files');
  const fileChecks = [
    ...urls.map((u) => ({
      source: String(u.source),
      key: storage.keyFromUrl(String(u.url)),
      bytes: null as number | null,
    })),
    ...mediaRows.map((m) => ({ source: `media_files ${String(m.key)}`, key: String(m.key), bytes: Number(m.bytes) })),
  ];
  const storedKeys = new Set(mediaRows.map((m) => String(m.key)));
  for (const { url, cycle } of ledger.uploads) {
    const key = storage.keyFromUrl(url);
    if (!key || !storedKeys.has(key))
      problems.push(`upload ${url} (acknowledged in cycle ${cycle}) has no media_files row`);
    fileChecks.push({ source: `acknowledged upload ${url}`, key, bytes: null });
  }
  await Promise.all(
    fileChecks.map(async ({ source, key, bytes }) => {
      if (key === null) return void problems.push(`${source} is not a stored-file URL`);
      try {
        const info = await stat(storage.pathFor(key));
        if (!info.isFile() || info.size === 0) problems.push(`${source}: ${key} is empty`);
        else if (bytes !== null && info.size !== bytes)
          problems.push(`${source}: ${key} has ${info.size} bytes, row says ${bytes}`);
      } catch {
        problems.push(`${source} points at a missing file ${key}`);
      }
    }),
  );
  return { problems, designs: allDesigns.length, files: fileChecks.length };
}

/** What the restarted server answers about the writes acknowledged in the cycle before. */
async function checkThroughApi(server: ChildServer, ledger: Ledger, cycle: number): Promise<string[]> {
  const problems: string[] = [];
  const cookie = await server.unlock();
  const designs = [...ledger.designs.values()].filter((d) => d.cycle === cycle);
  await Promise.all(
    designs.map(async ({ design }) => {
      const res = await call(server, 'GET', apiPaths.design(design.id), { cookie });
      if (res.status !== 200) return void problems.push(`GET design ${design.id}: ${res.status}`);
      const served = designSchema.parse(res.body);
      if (served.afterImageUrl !== design.afterImageUrl || served.title !== design.title) {
        problems.push(`design ${design.id} is served differently`);
      }
      const image = await fetch(`${server.baseUrl}${design.afterImageUrl}`);
      const bytes = Buffer.from(await image.arrayBuffer());
      if (image.status !== 200 || image.headers.get('content-type') !== 'image/webp' || bytes.length === 0) {
        problems.push(
          `image of design ${design.id}: ${image.status} ${image.headers.get('content-type')} ${bytes.length} bytes`,
        );
      }
    }),
  );
  const commentsByDesign = new Map<string, string[]>();
  for (const c of ledger.comments.filter((x) => x.cycle === cycle)) {
    commentsByDesign.set(c.designId, [...(commentsByDesign.get(c.designId) ?? []), c.id]);
  }
  await Promise.all(
    [...commentsByDesign].map(async ([designId, ids]) => {
      const res = await call(server, 'GET', apiPaths.designComments(designId), { cookie });
      if (res.status !== 200) return void problems.push(`GET comments of ${designId}: ${res.status}`);
      const served = new Set((res.body as { items: { id: string }[] }).items.map((c) => c.id));
      for (const id of ids) if (!served.has(id)) problems.push(`comment ${id} is not served`);
    }),
  );
  // the sessions (and their sign-ins) survived too: each like is seen by the browser that made it
  await Promise.all(
    ledger.likes
      .filter((l) => l.cycle === cycle)
      .map(async (l) => {
        const res = await call(server, 'GET', apiPaths.design(l.designId), { cookie: l.cookie });
        if (res.status !== 200) return void problems.push(`GET design ${l.designId} as its liker: ${res.status}`);
        if (!designSchema.parse(res.body).likedByViewer)
          problems.push(`like of ${l.designId} is not seen by its session`);
      }),
  );
  return problems;
}

describe.each(kinds)('kill -9 during a write storm (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }, 60_000);

  it(
    `keeps every acknowledged write through ${CYCLES} crashes`,
    async () => {
      const dataDir = await prepareDataDir('dwellscape-crash-');
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      let databaseUrl: string | undefined;
      if (kind === 'postgres') {
        const database = await createPostgresDatabase();
        cleanups.push(() => database.drop());
        databaseUrl = database.url;
      }
      let server = await startChildServer({ dataDir, databaseUrl });
      cleanups.push(async () => void (await server.crash()));

      // first start: seed, learn the world, then a clean stop to read the counters' seeded offsets
      const world = await loadStormWorld(server, await server.unlock());
      // a stop that is not clean says why: the server's own last words (it logs at warn and above here)
      const firstStop = await server.stop();
      expect(firstStop, `the first clean stop; the server said:\n${server.output()}`).toEqual({
        code: 0,
        signal: null,
      });
      const baselineReader = await openReader(kind, dataDir, databaseUrl);
      const baseline = await readDrifts(baselineReader.rows);
      await baselineReader.close();

      const ledger: Ledger = { uploads: [], designs: new Map(), likes: [], comments: [], unexpected: [] };
      const restartMs: number[] = [];
      let inFlightAtKills = 0;
      let requests = 0;
      let lastCheck: CheckResult | null = null;
      server = await startChildServer({ dataDir, databaseUrl });

      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const clients = await Promise.all(
          Array.from({ length: SESSIONS_PER_CYCLE }, (_, i) => stormClient(server, i < SESSIONS_PER_CYCLE - 1)),
        );
        const storm = await runStorm({ server, cycle, clients, world, ledger });
        inFlightAtKills += storm.inFlightAtKill;
        requests += storm.requests;
        const context = `${kind}, cycle ${cycle}`;
        expect(ledger.unexpected, context).toEqual([]);

        // the reader of a PGlite copy and the restart both recover the killed directory
        const reader = await openReader(kind, dataDir, databaseUrl);
        const started = performance.now();
        const [restarted, check] = await Promise.all([
          startChildServer({ dataDir, databaseUrl }),
          checkIntegrity(reader.rows, dataDir, ledger, baseline).finally(() => reader.close()),
        ]);
        server = restarted;
        restartMs.push(performance.now() - started);
        expect(check.problems, context).toEqual([]);
        expect(await checkThroughApi(server, ledger, cycle), context).toEqual([]);
        lastCheck = check;
      }
      await server.stop();

      const sorted = [...restartMs].sort((a, b) => a - b);
      console.log(
        `[crash ${kind}] ${CYCLES} kills, ${requests} storm requests, ${inFlightAtKills} in flight at the kills; ` +
          `acknowledged: ${ledger.designs.size} designs, ${ledger.uploads.length} uploads, ${ledger.likes.length} likes, ` +
          `${ledger.comments.length} comments; lost: 0; ${lastCheck?.designs} designs and ${lastCheck?.files} file references checked; ` +
          `restart median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, max ${Math.round(sorted.at(-1)!)} ms`,
      );
      // the storm did write: a run that acknowledged nothing would prove nothing
      expect(ledger.designs.size).toBeGreaterThan(0);
      expect(ledger.likes.length).toBeGreaterThan(0);
      expect(ledger.comments.length).toBeGreaterThan(0);
    },
    heavy ? 1_800_000 : 600_000,
  );
});
