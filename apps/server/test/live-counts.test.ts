import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, designCountsSchema } from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { insertAccount, insertDesign, insertUser, putImage, signedInCookie } from './fixtures';
import { openEventStream, type EventStream } from './media-fixtures';

/*
 * docs/product.md §4: like and comment counts follow other people's actions live. The live feed's stream of a mode
 * sends a design's counts (event 'counts', no event id) each time a like, an unlike or a comment changes them.
 */
describe.each(dbKinds)('live counts on GET /api/designs/live (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  let authorId: string;
  let afterImageUrl: string;
  const streams: EventStream[] = [];
  let addresses = 0;

  const open = async (mode: string) => {
    const stream = await openEventStream(port, `${apiPaths.designsLive}?mode=${mode}`, await t.unlock());
    streams.push(stream);
    return stream;
  };
  /** A signed-in person from an address of their own (likes and comments are limited per address too). */
  const person = async () => {
    const cookie = await signedInCookie(t, t.database.db, (await insertAccount(t.database.db)).id);
    return { cookie, remoteAddress: `203.0.113.${++addresses}` };
  };
  type Person = Awaited<ReturnType<typeof person>>;
  const act = async (who: Person, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie },
      remoteAddress: who.remoteAddress,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const countsOf = (stream: EventStream, id: string) =>
    stream.events
      .filter((event) => event.event === 'counts')
      .map((event) => designCountsSchema.parse(JSON.parse(event.data)))
      .filter((counts) => counts.id === id);

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    authorId = (await insertUser(t.database.db)).id;
    afterImageUrl = await putImage(t.app.storage);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('sends the counts after a like, a comment and an unlike by others, to the streams of the design’s mode', async () => {
    const design = await insertDesign(t.database.db, { userId: authorId, afterImageUrl, likesCount: 4 });
    const interior = await open('interior');
    const landscape = await open('landscape');
    const [ana, ben] = [await person(), await person()];

    await act(ana, 'PUT', apiPaths.designLike(design.id));
    await interior.waitForEvent((event) => event.event === 'counts' && event.data.includes('"likesCount":5'));
    await act(ben, 'POST', apiPaths.designComments(design.id), { text: 'Lovely light in here' });
    await interior.waitForEvent((event) => event.event === 'counts' && event.data.includes('"commentsCount":1'));
    await act(ana, 'DELETE', apiPaths.designLike(design.id));
    await interior.waitForEvent(
      (event) => event.event === 'counts' && event.data.includes('"likesCount":4') && event.data.includes(design.id),
    );

    expect(countsOf(interior, design.id)).toEqual([
      { id: design.id, likesCount: 5, commentsCount: 0 },
      { id: design.id, likesCount: 5, commentsCount: 1 },
      { id: design.id, likesCount: 4, commentsCount: 1 },
    ]);
    // no event id: the browser's Last-Event-ID (where a reconnect's replay of designs starts) stays a design's
    expect(interior.events.filter((event) => event.event === 'counts').every((event) => event.id === undefined)).toBe(
      true,
    );
    expect(countsOf(landscape, design.id)).toEqual([]);
  });

  it('sends nothing for a private design', async () => {
    const hidden = await insertDesign(t.database.db, { userId: authorId, afterImageUrl, isPublic: false });
    const shown = await insertDesign(t.database.db, { userId: authorId, afterImageUrl });
    const interior = await open('interior');
    const ana = await person();
    // someone else's private design is not found for them: nothing changes, nothing is sent
    const refused = await t.app.inject({
      method: 'PUT',
      url: apiPaths.designLike(hidden.id),
      headers: { cookie: ana.cookie },
      remoteAddress: ana.remoteAddress,
    });
    expect(refused.statusCode).toBe(404);
    await act(ana, 'PUT', apiPaths.designLike(shown.id));
    // in order: once the public design's counts are in, the private one's would have been before them
    await interior.waitForEvent((event) => event.event === 'counts' && event.data.includes(shown.id));
    expect(countsOf(interior, hidden.id)).toEqual([]);
  });
});
