/** A tab used as indentation: one located error, as kubectl gives, with a fix that works. */
import { describe, expect, it } from 'vitest';
import { parseScenario, type Diagnostic } from '../index.ts';
import { errors } from '../__fixtures__/helpers.ts';
import { applyFix as applyDiagnosticFix } from '../edit/applyFix.ts';
import { tabFix } from './tabs.ts';

const SPACED = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    kind: Deployment
    name: web
  minReplicas: 1
  maxReplicas: 5
`;

/** Applies a diagnostic's fix (line/column edits) to the text, as the editor does. */
function applyFix(text: string, d: Diagnostic): string {
  const out = applyDiagnosticFix(text, d.fix!);
  if (out === null) throw new Error('the fix does not fit its text');
  return out;
}

describe('a tab used as indentation', () => {
  it('is one error at the first tab (the parser gave six), with a fix that restores the meaning', () => {
    const text = SPACED.replace('    kind', '\tkind').replace('    name: web', '\tname: web');
    const r = parseScenario(text);
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect([d.severity, d.line, d.column, d.endColumn]).toEqual(['error', 7, 1, 2]);
    expect(d.message).toContain('a tab is used for indentation here, and YAML allows only spaces');
    expect(d.message).toContain('2 lines');
    // Under a key at 2 spaces, a tab must be wider than 2 to nest: 4.
    expect(d.fix!.title).toContain('a tab as 4 spaces');
    const fixed = applyFix(text, d);
    expect(fixed).toBe(SPACED);
    expect(parseScenario(fixed).ok).toBe(true);
  });

  it('a file indented with tabs throughout is fixed with 2 spaces per tab', () => {
    const text = SPACED.replace(/^ {4}/gm, '\t\t').replace(/^ {2}/gm, '\t');
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d.line).toBe(4);
    expect(applyFix(text, d)).toBe(SPACED);
  });

  it('a list indented with a tab: the key left empty above it is not a second error', () => {
    const text = `${SPACED}  metrics:\n\t- type: Resource\n\t  resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }\n`;
    const r = parseScenario(text);
    expect(r.diagnostics.map((d) => [d.severity, d.line, d.column])).toEqual([['error', 12, 1]]);
    const fixed = applyFix(text, r.diagnostics[0]!);
    expect(parseScenario(fixed).ok).toBe(true);
    expect(parseScenario(fixed).input!.hpa.spec.metrics![0]!.resource!.name).toBe('cpu');
  });

  it('spaces then a tab: the column of the tab', () => {
    const text = SPACED.replace('    kind', '  \tkind');
    const d = errors(parseScenario(text).diagnostics);
    expect(d).toHaveLength(1);
    expect([d[0]!.line, d[0]!.column]).toEqual([7, 3]);
    expect(applyFix(text, d[0]!)).toBe(SPACED);
  });

  it('the tab ends the reading of its document only: the next document keeps its errors', () => {
    const text = `${SPACED.replace('  minReplicas: 1', '\tminReplicas: 1')}---\nkind: Simulation\napiVersion: hpa-sim.dev/v1alpha1\nspec: { duration: 10x }\n`;
    const d = errors(parseScenario(text).diagnostics);
    expect(d.map((e) => e.line)).toEqual([9, 14]);
    expect(d[1]!.path).toBe('spec.duration');
  });

  it('tabs that are not indentation are left alone: after a key, in block scalar text, in JSON', () => {
    expect(
      errors(parseScenario(SPACED.replace('name: web\nspec', 'name:\tweb\nspec')).diagnostics),
    ).toEqual([]);
    const block = SPACED.replace(
      'metadata:\n',
      'metadata:\n  annotations:\n    note: |\n      a\n      \tb\n',
    );
    expect(errors(parseScenario(block).diagnostics)).toEqual([]);
    expect(tabFix(block)).toBeNull();
    const json = JSON.stringify(
      {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'web' },
        spec: { scaleTargetRef: { kind: 'Deployment', name: 'web' }, maxReplicas: 5 },
      },
      null,
      '\t',
    );
    expect(errors(parseScenario(json).diagnostics)).toEqual([]);
  });
});
