import { describe, expect, it } from 'vitest';
import { redirectForStep, type FlowProgress } from './step-guard';

const done: FlowProgress = { hasItems: true, hasAnswers: true, hasSpace: true, hasDesign: true };
const nothing: FlowProgress = { hasItems: false, hasAnswers: false, hasSpace: false, hasDesign: false };

describe('redirectForStep', () => {
  it('always opens the first step', () => {
    expect(redirectForStep('start', nothing)).toBeNull();
  });

  it('lets every step open when everything before it is done', () => {
    for (const step of ['start', 'flow-questions', 'space-selection', 'render-result', 'post-creation'] as const) {
      expect(redirectForStep(step, done)).toBeNull();
    }
  });

  it('sends a fresh visitor of any later step to the first step', () => {
    for (const step of ['flow-questions', 'space-selection', 'render-result', 'post-creation'] as const) {
      expect(redirectForStep(step, nothing)).toBe('start');
    }
  });

  it('sends the person to the first step whose choice is missing', () => {
    expect(redirectForStep('space-selection', { ...done, hasAnswers: false })).toBe('flow-questions');
    expect(redirectForStep('render-result', { ...done, hasSpace: false })).toBe('space-selection');
    expect(redirectForStep('render-result', { ...done, hasAnswers: false, hasSpace: false })).toBe('flow-questions');
    expect(redirectForStep('post-creation', { ...done, hasDesign: false })).toBe('render-result');
    expect(redirectForStep('post-creation', { ...nothing, hasItems: true })).toBe('flow-questions');
  });

  it('opens the render step without products: docs/product.md §4 renders the sample image then', () => {
    expect(redirectForStep('render-result', { ...done, hasItems: false })).toBeNull();
  });

  it('opens post-creation with a design even when the earlier drafts are gone (a reload, a remix)', () => {
    expect(redirectForStep('post-creation', { ...nothing, hasDesign: true })).toBeNull();
  });

  it('does not open questions without products, even with later steps done', () => {
    expect(redirectForStep('flow-questions', { ...done, hasItems: false })).toBe('start');
  });
});
