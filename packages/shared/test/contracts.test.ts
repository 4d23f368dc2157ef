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
});
