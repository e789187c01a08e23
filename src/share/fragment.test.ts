import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeScenario } from './codec.ts';
import {
  shareAtFromHash,
  shareHash,
  shareHpaFromHash,
  shareLessonFromHash,
  shareModelFromHash,
  sharePayloadFromHash,
  shareViewFromHash,
  shareTuneFromHash,
} from './fragment.ts';

const fixtures = resolve(import.meta.dirname, '__fixtures__');

describe('the HPA choice in a share fragment', () => {
  it('round-trips a name, namespaced or not', () => {
    for (const hpa of ['web', 'prod/api-gateway', 'a.b-c']) {
      const hash = shareHash('v1.abc', { hpa });
      expect(sharePayloadFromHash(hash)).toBe('v1.abc');
      expect(shareHpaFromHash(hash)).toBe(hpa);
    }
  });

  it('leaves links without a choice exactly as before', () => {
    expect(shareHash('v1.abc')).toBe('#s=v1.abc');
    expect(shareHash('v1.abc', { hpa: null })).toBe('#s=v1.abc');
    expect(shareHpaFromHash('#s=v1.abc')).toBeNull();
  });

  it('ignores an empty or absurdly long choice', () => {
    expect(shareHpaFromHash('#s=v1.a&hpa=')).toBeNull();
    expect(shareHpaFromHash(`#s=v1.a&hpa=${'x'.repeat(10_000)}`)).toBeNull();
  });
});

describe('the view flag of a share link', () => {
  it('a published compare-view link opens the same text, on the comparison', async () => {
    const url = new URL(readFileSync(resolve(fixtures, 'v1-compare-view.link'), 'utf8').trim());
    const text = readFileSync(resolve(fixtures, 'v1-default-preset.txt'), 'utf8');
    expect(shareViewFromHash(url.hash)).toBe('compare');
    const payload = sharePayloadFromHash(url.hash)!;
    expect(await decodeScenario(payload)).toEqual({ ok: true, text });
  });

  it('links without it open as before, with no view', () => {
    const old = `#s=${readFileSync(resolve(fixtures, 'v1-default-preset.link'), 'utf8').trim()}`;
    expect(shareViewFromHash(old)).toBeNull();
    expect(sharePayloadFromHash(old)).toBe(old.slice(3));
    expect(shareViewFromHash('#s=v1.x&view=other')).toBeNull();
  });

  it('writes the flag beside the payload only when asked', () => {
    expect(shareHash('v1.abc')).toBe('#s=v1.abc');
    expect(shareHash('v1.abc', { view: 'compare' })).toBe('#s=v1.abc&view=compare');
    expect(shareViewFromHash(shareHash('v1.abc', { view: 'compare' }))).toBe('compare');
    expect(sharePayloadFromHash(shareHash('v1.abc', { view: 'compare' }))).toBe('v1.abc');
  });

  it('carries an HPA choice and a view together, each read back on its own', () => {
    const hash = shareHash('v1.abc', { hpa: 'prod/api', view: 'compare' });
    expect(sharePayloadFromHash(hash)).toBe('v1.abc');
    expect(shareHpaFromHash(hash)).toBe('prod/api');
    expect(shareViewFromHash(hash)).toBe('compare');
  });
});

describe('the federation model of a share link', () => {
  it('a published link opens the multi-cluster text on the shipped model', async () => {
    const link = readFileSync(resolve(fixtures, 'v1-failover-shipped.link'), 'utf8').trim();
    const url = new URL(link);
    const text = readFileSync(resolve(fixtures, 'v1-failover-shipped.txt'), 'utf8');
    expect(shareModelFromHash(url.hash)).toBe('shipped');
    expect(shareHpaFromHash(url.hash)).toBeNull();
    expect(await decodeScenario(sharePayloadFromHash(url.hash)!)).toEqual({ ok: true, text });
  });

  it('links without it (every older one) choose no model; junk is ignored', () => {
    const old = `#s=${readFileSync(resolve(fixtures, 'v1-default-preset.link'), 'utf8').trim()}`;
    expect(shareModelFromHash(old)).toBeNull();
    const compare = new URL(readFileSync(resolve(fixtures, 'v1-compare-view.link'), 'utf8').trim());
    expect(shareModelFromHash(compare.hash)).toBeNull();
    expect(shareModelFromHash('#s=v1.x&model=both')).toBeNull();
    expect(shareModelFromHash('#s=v1.x&model=')).toBeNull();
  });

  it('is written beside the payload only when chosen, and read back with the others', () => {
    expect(shareHash('v1.abc', { model: null })).toBe('#s=v1.abc');
    const hash = shareHash('v1.abc', { hpa: 'web', view: 'compare', model: 'proposal' });
    expect(hash).toBe('#s=v1.abc&hpa=web&view=compare&model=proposal');
    expect(sharePayloadFromHash(hash)).toBe('v1.abc');
    expect(shareHpaFromHash(hash)).toBe('web');
    expect(shareViewFromHash(hash)).toBe('compare');
    expect(shareModelFromHash(hash)).toBe('proposal');
  });
});

describe('the lesson state of a share link', () => {
  it('a published lesson link opens its text on the lesson and step', async () => {
    const url = new URL(readFileSync(resolve(fixtures, 'v1-lesson-policies.link'), 'utf8').trim());
    const text = readFileSync(resolve(fixtures, 'v1-lesson-policies.txt'), 'utf8');
    expect(shareLessonFromHash(url.hash)).toEqual({ id: 'policies', step: 1 });
    expect(await decodeScenario(sharePayloadFromHash(url.hash)!)).toEqual({ ok: true, text });
  });

  it('round-trips, and links without one (every older link) open with no lesson', () => {
    const hash = shareHash('v1.abc', { lesson: { id: 'keda-cooldown', step: 2 }, hpa: 'web' });
    expect(shareLessonFromHash(hash)).toEqual({ id: 'keda-cooldown', step: 2 });
    expect(shareHpaFromHash(hash)).toBe('web');
    expect(shareHash('v1.abc', { lesson: null })).toBe('#s=v1.abc');
    const old = `#s=${readFileSync(resolve(fixtures, 'v1-default-preset.link'), 'utf8').trim()}`;
    expect(shareLessonFromHash(old)).toBeNull();
  });

  it('ignores an unknown format version or a malformed value', () => {
    for (const bad of [
      '2.policies.1',
      'policies.1',
      '1.policies',
      '1.Policies.1',
      '1.a.100',
      '1..1',
    ])
      expect(shareLessonFromHash(`#s=v1.a&lesson=${bad}`), bad).toBeNull();
  });
});

describe('the playback position of a share link', () => {
  it('round-trips the selected sync; links without one (every older link) select nothing', () => {
    const hash = shareHash('v1.abc', { model: 'shipped', at: 42 });
    expect(hash).toBe('#s=v1.abc&model=shipped&at=42');
    expect(shareAtFromHash(hash)).toBe(42);
    expect(shareAtFromHash(shareHash('v1.abc', { at: 0 }))).toBe(0);
    expect(shareHash('v1.abc', { at: null })).toBe('#s=v1.abc');
    const old = `#s=${readFileSync(resolve(fixtures, 'v1-default-preset.link'), 'utf8').trim()}`;
    expect(shareAtFromHash(old)).toBeNull();
  });

  it('ignores anything but a whole number of syncs', () => {
    for (const bad of ['-1', '1.5', 'x', '', '1e3', '99999999', ' 3'])
      expect(shareAtFromHash(`#s=v1.a&at=${encodeURIComponent(bad)}`), bad).toBeNull();
  });
});

describe('a Tune search’s draws in a reviewer link (&tune=)', () => {
  it('round-trip beside the payload, after the other flags', () => {
    const tune = { draws: 16, percentile: 95, seed: 7 };
    const hash = shareHash('v1.abc', { view: 'compare', tune });
    expect(hash).toBe('#s=v1.abc&view=compare&tune=1.16.95.7');
    expect(sharePayloadFromHash(hash)).toBe('v1.abc');
    expect(shareViewFromHash(hash)).toBe('compare');
    expect(shareTuneFromHash(hash)).toEqual(tune);
    expect(shareTuneFromHash('#s=v1.abc&tune=1.4.99.5.0')).toEqual({
      draws: 4,
      percentile: 99.5,
      seed: 0,
    });
  });
  it('leave links without them as before, and ignore a malformed or out-of-range value', () => {
    expect(shareHash('v1.abc', { tune: null })).toBe('#s=v1.abc');
    expect(shareTuneFromHash('#s=v1.abc')).toBeNull();
    for (const bad of [
      '2.16.95.7',
      '1.16.95',
      '1.1.95.7',
      '1.300.95.7',
      '1.16.0.7',
      '1.16.101.7',
      '1.16.95.99999999999',
      'x',
    ])
      expect(shareTuneFromHash(`#s=v1.abc&tune=${bad}`)).toBeNull();
  });
});
