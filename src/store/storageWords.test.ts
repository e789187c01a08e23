import { describe, expect, it } from 'vitest';
import { saveFailedMessage } from './storageWords.ts';

describe('saveFailedMessage', () => {
  it('says a full storage in words, without the raw exception', () => {
    const raw =
      "QuotaExceededError: Failed to execute 'setItem' on 'Storage': Setting the value of 'hpa-sim.v2.draft.x' exceeded the quota.";
    const m = saveFailedMessage(raw);
    expect(m).toMatch(/^Your scenario is too large to autosave in this browser/);
    expect(m).not.toMatch(/QuotaExceeded|setItem/);
  });

  it('blocked storage and anything else', () => {
    expect(saveFailedMessage('SecurityError: The operation is insecure.')).toMatch(
      /does not let this page save anything/,
    );
    expect(saveFailedMessage('this browser does not offer local storage here')).toMatch(
      /does not let this page save anything/,
    );
    expect(saveFailedMessage('boom')).toBe(
      'Your scenario could not be autosaved in this browser. Copy it, export it or share a link to keep it.',
    );
  });
});
