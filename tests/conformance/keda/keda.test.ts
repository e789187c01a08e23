import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase } from './runKedaCase.ts';

const text = readFileSync(resolve(import.meta.dirname, 'keda-cases.jsonl'), 'utf8');
const cases = text
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('KEDA conformance vectors (K3–K11)', () => {
  it('covers every rule K3–K11', () => {
    const rules = new Set(cases.flatMap((c) => String(c.rule).split(',')));
    for (const k of ['K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8', 'K9', 'K10', 'K11'])
      expect(rules).toContain(k);
  });
  for (const c of cases) {
    it(String(c.name), () => {
      expect(runCase(c)).toEqual([]);
    });
  }
});
