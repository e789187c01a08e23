import { describe, expect, it } from 'vitest';
import type { ChainStep } from '../../explain/decisionChain.ts';
import { decidingStep } from './deciding.ts';

const step = (kind: ChainStep['kind'], status: ChainStep['status']): ChainStep => ({
  kind,
  title: kind,
  status,
  value: null,
  lines: [],
  notes: [],
});

describe('decidingStep', () => {
  it('is the last step that changed the value, not the result', () => {
    const chain = [
      step('metrics', 'neutral'),
      step('tolerance', 'neutral'),
      step('max', 'neutral'),
      step('stabilization', 'changed'),
      step('policies', 'changed'),
      step('clamp', 'neutral'),
      step('result', 'changed'),
    ];
    expect(decidingStep(chain)).toBe(4);
  });

  it('a stop decides; with nothing changed, the proposal does', () => {
    expect(decidingStep([step('shortcut', 'stop'), step('result', 'neutral')])).toBe(0);
    const quiet = [
      step('metrics', 'neutral'),
      step('tolerance', 'neutral'),
      step('max', 'neutral'),
      step('result', 'neutral'),
    ];
    expect(decidingStep(quiet)).toBe(2);
  });
});
