// Timing draws of a multi-cluster scenario (issue 25 item 2): a draw is the group of member runs
// under the same drawn timing, its figures the run's own (the total, or a member's).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawInput, timingDraws } from '../engine/simulation/index.ts';
import { parseScenario } from '../scenario/index.ts';
import { executeDraws } from './draws.ts';
import { executeRun, planScenario } from './runScenario.ts';

const text = readFileSync(
  resolve(import.meta.dirname, '../presets/multicluster/nodes-per-cluster.yaml'),
  'utf8',
);

describe('timing draws of a multi-cluster scenario', () => {
  it('draws the group of member runs: draw 0 is the run as written, the others seeded', () => {
    const plan = planScenario(text).runs[0]!;
    expect(plan.federation).toBeTruthy();
    const a = executeDraws(plan, 4, 5);
    expect(a.ok, a.ok ? '' : a.error).toBe(true);
    if (!a.ok) return;
    // the figures are the model's total (every member), not the first member's
    const plain = executeRun({ ...plan, federation: { ...plan.federation!, member: null } });
    if (!plain.ok || !plain.result) throw new Error('the total does not run');
    const total = plain.result.kpis;
    expect(a.draws[0]!.kpis).toEqual(total);
    // the draws move the figures (the phases, the stagger, the nodes' delays)
    expect(a.draws.slice(1).some((d) => d.kpis.unmetDemand !== total.unmetDemand)).toBe(true);
    const b = executeDraws(plan, 4, 5);
    expect(b.ok && b.draws.map((d) => d.kpis)).toEqual(a.draws.map((d) => d.kpis));
  });

  it('moves each member’s failure and the cron with the world, and draws its own nodes again', () => {
    const input = parseScenario(text).input!;
    const f = input.federation!;
    const failing = {
      ...input,
      federation: {
        ...f,
        clusters: f.clusters.map((c, i) =>
          i === 0 ? { ...c, failAtSeconds: 900, recoverAtSeconds: 1500 } : c,
        ),
        cron: [{ atSeconds: 600, rule: 'r', name: 'n' } as never],
      },
    };
    const d = timingDraws(failing, 2, 3)[1]!;
    const drawn = drawInput(failing, d).federation!;
    expect(drawn.clusters[0]!.failAtSeconds).toBe(900 + d.syncPhaseSeconds);
    expect(drawn.clusters[0]!.recoverAtSeconds).toBe(1500 + d.syncPhaseSeconds);
    expect(drawn.clusters[1]!.failAtSeconds).toBeNull();
    expect(drawn.cron![0]!.atSeconds).toBe(600 + d.syncPhaseSeconds);
    for (const [k, c] of drawn.clusters.entries())
      expect(c.nodes!.provisioner.provisioningDelay.seed).not.toBe(
        f.clusters[k]!.nodes!.provisioner.provisioningDelay.seed,
      );
    // draw 0 leaves the federation as written
    expect(drawInput(failing, timingDraws(failing, 1, 3)[0]!).federation).toBe(failing.federation);
  });

  it('spec.draws in a multi-cluster scenario is a warning at its line, naming the CLI', () => {
    const withDraws = text.replace(
      '\nspec:\n  duration',
      '\nspec:\n  draws: { count: 3, seed: 2 }\n  duration',
    );
    expect(withDraws).not.toBe(text);
    const parsed = parseScenario(withDraws);
    const d = parsed.diagnostics.find((x) => x.path === 'spec.draws');
    // the page runs it once; the command line draws it
    expect(parsed.ok).toBe(true);
    expect(parsed.draws).toEqual({ count: 3, seed: 2 });
    expect(d?.severity).toBe('warning');
    expect(d?.message).toMatch(/`hpa-sim run` draws it/);
    expect(d?.line).toBe(withDraws.split('\n').findIndex((l) => l.includes('draws:')) + 1);
  });
});
