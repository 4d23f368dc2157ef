import { describe, expect, it } from 'vitest';
import { apiPaths, contracts, pathOf } from '../src';

describe('contracts', () => {
  it('fill their route as apiPaths builds the path, each parameter encoded', () => {
    expect(contracts.likeDesign.route).toBe('/api/designs/:id/like');
    expect(pathOf(contracts.likeDesign, { id: 'a b/c' })).toBe(apiPaths.designLike('a b/c'));
    expect(pathOf(contracts.cancelRenderJob, { id: 'job-1' })).toBe(apiPaths.renderJobCancel('job-1'));
    expect(pathOf(contracts.listFeed)).toBe(apiPaths.designs);
  });

  it('refuse to build a path without its parameter', () => {
    expect(() => pathOf(contracts.getDesign)).toThrow('/api/designs/:id needs the parameter "id"');
  });

  it("take a live stream's query as the server does: the feed's mode, and where a new EventSource resumes", () => {
    const { designsLive, notificationsLive } = contracts;
    expect(designsLive.query.safeParse({ mode: 'interior', lastEventId: 'd-1' }).success).toBe(true);
    expect(designsLive.query.safeParse({ lastEventId: 'd-1' }).success).toBe(false);
    expect(notificationsLive.query.safeParse({}).success).toBe(true);
    expect(notificationsLive.query.safeParse({ lastEventId: 'x'.repeat(201) }).success).toBe(false);
  });

  it("give docs/product.md §7's generate-design-image its two forms on one route", () => {
    const { generateDesignImage, generateDesignImageFromPrompt } = contracts;
    expect(generateDesignImage.form).toBe(true);
    expect(pathOf(generateDesignImage)).toBe(apiPaths.generateDesignImage);
    expect(pathOf(generateDesignImageFromPrompt)).toBe(apiPaths.generateDesignImage);
  });
});
