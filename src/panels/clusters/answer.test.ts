import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from '../../worker/api.ts';
import { federationView } from '../../store/federationView.ts';
import { eventSentence, listOf } from './answer.ts';

async function models(file: string) {
  const text = readFileSync(
    resolve(import.meta.dirname, '../../presets/multicluster', file),
    'utf8',
  );
  return federationView((await createSimulatorApi().run(1, text)).runs)!.models;
}

const [proposal, shipped] = await models('failover.yaml');
const sentences = (m: typeof proposal) => m!.events.map((e) => eventSentence(m!, e));

describe('a control-plane event in one plain sentence', () => {
  it('the failover: who failed, what bounds it had, how they were split', () => {
    const failover = proposal!.events.find((e) => e.kind === 'failover')!;
    expect(eventSentence(proposal!, failover)).toBe(
      'east failed; its HPA bounds min 2 / max 16 were split between west and south in proportion to their free room: west gained min +1 / max +8 (now 2–14) and south gained min +1 / max +8 (now 2–16).',
    );
  });

  it('every event of both models reads without rule numbers or a/b shorthand', () => {
    for (const s of [...sentences(proposal), ...sentences(shipped)]) {
      expect(s).not.toMatch(/§|\b\d+\/\d+\b| at \d+\b/);
      expect(s).toMatch(/\.$/);
    }
    expect(sentences(shipped)).toContain(
      'The scheduler divided the replicas again: east 9 → 0, west 4 → 8 and south 4 → 9.',
    );
    expect(sentences(proposal)).toContain(
      "south's pods waited too long for a node, so its unused quota moved on: south max 16 → 10 and west max 14 → 20.",
    );
  });

  it('the calibration factor of Duplicated, in words', async () => {
    const [, dup] = await models('duplicated-calibration.yaml');
    expect(sentences(dup)).toContain(
      '2 Ready clusters now run the whole template, so the FederatedHPA divides each proposal by 2 (it was 3).',
    );
  });

  it('lists read as English', () => {
    expect([listOf([]), listOf(['a']), listOf(['a', 'b']), listOf(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ]);
  });
});
