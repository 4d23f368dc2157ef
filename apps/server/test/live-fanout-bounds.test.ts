/**
 * docs/security.md: what one publish hands every open live stream is bounded. A publish's answers are bounded in
 * number and size, and a live client gets the design's card, never its answers, receipt or before picture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  designSchema,
  feedDesignSchema,
  USER_ANSWERS_MAX_KEYS,
  USER_ANSWERS_MAX_LENGTH,
  type PublishDesignBody,
} from '@dwellscape/shared';
import { createTestApp, dbKinds, type TestApp } from './helpers';
import { signUp, uploadImage } from './fixtures';
import { openEventStream, type EventStream } from './media-fixtures';

describe.each(dbKinds)('a publish and what live clients get of it (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let image: string;
  let port: number;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false });
    cookie = (await signUp(t.app, await t.unlock())).cookie;
    image = await uploadImage(t.app, cookie);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  const publish = (userAnswers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.designs,
      headers: { cookie },
      payload: { title: 'Answered', afterImageUrl: image, mode: 'interior', userAnswers } satisfies PublishDesignBody,
    });

  it(`refuses more than ${USER_ANSWERS_MAX_KEYS} answers, and answers over ${USER_ANSWERS_MAX_LENGTH} characters`, async () => {
    const tooMany = Object.fromEntries(
      Array.from({ length: USER_ANSWERS_MAX_KEYS + 1 }, (_, i) => [`question-${i}`, 'yes']),
    );
    const many = await publish(tooMany);
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({
      details: [{ field: 'body.userAnswers', message: `must hold at most ${USER_ANSWERS_MAX_KEYS} answers` }],
    });

    const tooLong = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`question-${i}`, 'a'.repeat(190)]));
    const long = await publish(tooLong);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      details: [
        { field: 'body.userAnswers', message: `must be at most ${USER_ANSWERS_MAX_LENGTH} characters as JSON` },
      ],
    });

    // nothing was published by either
    const feed = await t.app.inject({ method: 'GET', url: `${apiPaths.designs}?mode=interior`, headers: { cookie } });
    expect(feed.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it("sends live clients the design's card, while the design's own read keeps its answers", async () => {
    const stream = await openEventStream(port, `${apiPaths.designsLive}?mode=interior`, cookie);
    streams.push(stream);
    const answers = { 'interior-vibe': 'Warm & Cozy', 'interior-budget': 'Mid-range' };
    const res = await publish(answers);
    expect(res.statusCode).toBe(201);
    const published = designSchema.parse(res.json());
    expect(published.userAnswers).toEqual(answers);

    const event = await stream.waitForEvent((e) => e.id === published.id);
    const card = JSON.parse(event.data) as Record<string, unknown>;
    expect(Object.keys(card).sort()).toEqual(Object.keys(feedDesignSchema.shape).sort());
    expect(card).toEqual(feedDesignSchema.parse(published));
  });
});
