// Variants × federation: a variant of a multi-cluster scenario is one more group of member runs
// per model (keys VARIANT:MODEL/MEMBER), with its own HPA or controller flags, within the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/index.ts';
import { comparedRuns, parseMemberKey, variantOf } from './runKey.ts';
import { executeRun, planParsed } from './runScenario.ts';
import { federationDecision } from './federated.ts';

const text = readFileSync(join(import.meta.dirname, '__fixtures__/failover-variants.yaml'), 'utf8');

describe('variants of a multi-cluster scenario', () => {
  const parsed = parseScenario(text);
  const plan = planParsed(parsed);

  it('parse: each variant is the federation with its own HPA or controller', () => {
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(parsed.variants.map((v) => v.name)).toEqual(['tight', 'tolerant']);
    const [tight, tolerant] = parsed.variants;
    expect(tight!.input.federation?.clusters.map((c) => c.name)).toEqual(['east', 'west', 'south']);
    expect(tight!.input.hpa.spec.minReplicas).toBe(6);
    expect(tolerant!.input.controller.tolerance).toBe(0.3);
    expect(parsed.input!.controller.tolerance).toBe(0.1);
  });

  it('plan: per variant a group of member runs per model, keyed VARIANT:MODEL/MEMBER', () => {
    const keys = plan.runs.map((r) => r.key);
    expect(keys).toHaveLength(3 * 2 * 4);
    expect(keys.slice(0, 4)).toEqual([
      'proposal/east',
      'proposal/west',
      'proposal/south',
      'proposal/total',
    ]);
    expect(keys).toContain('tight:shipped/total');
    expect(keys).toContain('tolerant:proposal/west');
    const west = plan.runs.find((r) => r.key === 'tolerant:proposal/west')!;
    expect(west).toMatchObject({ kind: 'member', group: 'tolerant:proposal', colour: 1 });
    expect(parseMemberKey(west.key)).toEqual({
      model: 'proposal',
      member: 'west',
      variant: 'tolerant',
    });
    expect(variantOf(west)).toBe('tolerant');
    // Each total its own colour: the comparison draws them side by side.
    const totals = comparedRuns(plan.runs);
    expect(totals.map((r) => r.key)).toEqual([
      'proposal/total',
      'tight:proposal/total',
      'tolerant:proposal/total',
    ]);
    expect(new Set(totals.map((r) => r.colour)).size).toBe(3);
  });

  it('budget: the groups share the scenario’s budget', () => {
    const byGroup = new Map(plan.runs.map((r) => [r.group, r.workBudget!]));
    expect(byGroup.size).toBe(6);
    const sum = [...byGroup.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(parsed.workBudget! * (1 + 1e-9));
    expect(sum).toBeGreaterThan(parsed.workBudget! * 0.99);
  });

  it('run: a variant’s members run its own HPA, and its decisions replay', () => {
    const base = executeRun(plan.runs.find((r) => r.key === 'proposal/east')!);
    const tight = executeRun(plan.runs.find((r) => r.key === 'tight:proposal/total')!);
    expect(base.ok && tight.ok).toBe(true);
    if (!base.ok || !tight.ok) return;
    expect(Math.min(...tight.result.series.specReplicas)).toBeGreaterThanOrEqual(6);
    const v = plan.runs.find((r) => r.key === 'tight:shipped/total')!;
    const d = federationDecision(v.input, v.key, 3);
    expect(d?.hpa.spec.minReplicas).toBe(6);
  });

  it('refuses, located, variants over the budget and a Simulation field a variant cannot patch', () => {
    const long = parseScenario(text.replace('duration: 30m', 'duration: 168h'), { maxWork: 4e6 });
    const over = long.diagnostics.filter((d) => d.severity === 'error');
    expect(over).toHaveLength(1);
    expect(over[0]!.message).toMatch(/3 whole runs, each of 3 clusters in 2 models, that together/);
    expect(text.split('\n')[over[0]!.line - 1]).toMatch(/^ {2}variants:/);

    const typo = parseScenario(text.replace('tolerance: 0.3', 'tolerence: 0.3'));
    const e = typo.diagnostics.find((d) => d.severity === 'error')!;
    expect(e.message).toMatch(/unknown field 'tolerence'.*Did you mean 'tolerance'/);
    expect(text.split('\n')[e.line - 1]).toContain('controller: { tolerance: 0.3 }');

    const world = parseScenario(text.replace('controller: { tolerance: 0.3 }', 'duration: 1h'));
    const w = world.diagnostics.filter((d) => d.severity === 'error');
    expect(w.some((d) => /unknown field 'duration' in variants/.test(d.message))).toBe(true);
  });
});
