// extended(base, fields) is the object spread it replaces: same keys, same order, same values.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extended } from './extended.ts';

describe('extended', () => {
  it('equals { ...base, ...fields }, key order included, and leaves base untouched', () => {
    const record = fc.dictionary(
      fc.constantFrom('replicaCount', 'usageRatio', 'note', 'error', 'rawValue', 'outdated', 'x'),
      fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(undefined)),
    );
    fc.assert(
      fc.property(record, record, (base, fields) => {
        const before = JSON.stringify(base);
        const got = extended(base, fields);
        const want = { ...base, ...fields };
        expect(got).toStrictEqual(want);
        expect(Object.keys(got)).toEqual(Object.keys(want));
        expect(got).not.toBe(base);
        expect(JSON.stringify(base)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});
