import { describe, expect, it } from 'vitest';
import { holeyList, sameHiddenClass } from '../testing/v8Shapes.ts';
import { setDefaultsHorizontalPodAutoscaler } from './defaults.ts';
import { recordCopy } from './objectList.ts';
import type { HorizontalPodAutoscaler } from './types.ts';

/** A record built key by key, as the scenario layer builds one from a user's text. */
function built(keys: string[]): Record<string, number> {
  const o: Record<string, number> = {};
  for (const [i, k] of keys.entries())
    Object.defineProperty(o, k, { value: i, enumerable: true, writable: true, configurable: true });
  return o;
}

describe('recordCopy', () => {
  it("has the source's hidden class whatever the copies before it", () => {
    // A spread's copy has it or not as its clone cache goes (no cache, one shape, many).
    const same: boolean[] = [];
    for (let i = 0; i < 40; i++) {
      const src = built(['cpu', 'memory']);
      same.push(sameHiddenClass(recordCopy(src), src));
      if (i % 3 === 0) recordCopy(built([`r${i}`]));
    }
    expect(same.every(Boolean)).toBe(true);
  });

  it('copies keys, values and their order, __proto__ a plain key', () => {
    const src = built(['memory', 'cpu', '__proto__']);
    const out = recordCopy(src);
    expect(out).not.toBe(src);
    expect(Object.keys(out)).toEqual(['memory', 'cpu', '__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe(2);
  });
});

describe('setDefaultsHorizontalPodAutoscaler', () => {
  const hpa = (extra: Record<string, unknown> = {}): HorizontalPodAutoscaler =>
    ({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        maxReplicas: 10,
        ...extra,
      },
    }) as HorizontalPodAutoscaler;

  it('gives one hidden class to the same manifest before and after others', () => {
    const first = setDefaultsHorizontalPodAutoscaler(hpa());
    for (let i = 0; i < 12; i++) setDefaultsHorizontalPodAutoscaler(hpa({ [`x${i}`]: i }));
    const later = setDefaultsHorizontalPodAutoscaler(hpa());
    expect(sameHiddenClass(first, later)).toBe(true);
    expect(sameHiddenClass(first.spec, later.spec)).toBe(true);
    expect(holeyList(later.spec.metrics!)).toBe(false);
  });

  it("keeps a spread's keys and order: the manifest's, then those it lacked", () => {
    const out = setDefaultsHorizontalPodAutoscaler(hpa({ minReplicas: 2 }));
    expect(Object.keys(out)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(Object.keys(out.spec)).toEqual([
      'scaleTargetRef',
      'maxReplicas',
      'minReplicas',
      'metrics',
      'behavior',
    ]);
    expect(out.spec.minReplicas).toBe(2);
  });
});
