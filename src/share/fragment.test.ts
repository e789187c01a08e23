import { describe, expect, it } from 'vitest';
import { shareHash, shareHpaFromHash, sharePayloadFromHash } from './fragment.ts';

describe('the HPA choice in a share fragment', () => {
  it('round-trips a name, namespaced or not', () => {
    for (const hpa of ['web', 'prod/api-gateway', 'a.b-c']) {
      const hash = shareHash('v1.abc', hpa);
      expect(sharePayloadFromHash(hash)).toBe('v1.abc');
      expect(shareHpaFromHash(hash)).toBe(hpa);
    }
  });

  it('leaves links without a choice exactly as before', () => {
    expect(shareHash('v1.abc')).toBe('#s=v1.abc');
    expect(shareHash('v1.abc', null)).toBe('#s=v1.abc');
    expect(shareHpaFromHash('#s=v1.abc')).toBeNull();
  });

  it('ignores an empty or absurdly long choice', () => {
    expect(shareHpaFromHash('#s=v1.a&hpa=')).toBeNull();
    expect(shareHpaFromHash(`#s=v1.a&hpa=${'x'.repeat(10_000)}`)).toBeNull();
  });
});
