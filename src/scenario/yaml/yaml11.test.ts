import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, HPA_V2, errors } from '../__fixtures__/helpers.ts';
import { resolveYaml11 } from './yaml11.ts';

describe('resolveYaml11 (go-yaml v2, as kubectl reads plain scalars)', () => {
  it('YAML 1.1 booleans', () => {
    for (const t of ['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE'])
      expect(resolveYaml11(t), t).toBe(true);
    for (const f of ['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE'])
      expect(resolveYaml11(f), f).toBe(false);
    expect(resolveYaml11('yEs')).toBeUndefined();
  });

  it('integers as strconv.ParseInt(s, 0, 64) reads them, underscores removed', () => {
    expect(resolveYaml11('010')).toBe(8);
    expect(resolveYaml11('-010')).toBe(-8);
    expect(resolveYaml11('0o17')).toBe(15);
    expect(resolveYaml11('0x1F')).toBe(31);
    expect(resolveYaml11('0b101')).toBe(5);
    expect(resolveYaml11('1_000')).toBe(1000);
    expect(resolveYaml11('+5')).toBe(5);
    expect(resolveYaml11('0')).toBe(0);
    // Not octal, but a YAML-style float.
    expect(resolveYaml11('08')).toBe(8);
  });

  it('floats, nulls and the special values', () => {
    expect(resolveYaml11('1e3')).toBe(1000);
    expect(resolveYaml11('.5')).toBe(0.5);
    expect(resolveYaml11('-1.5')).toBe(-1.5);
    expect(resolveYaml11('~')).toBeNull();
    expect(resolveYaml11('null')).toBeNull();
    expect(resolveYaml11('.inf')).toBe(Infinity);
    expect(Number.isNaN(resolveYaml11('.nan'))).toBe(true);
  });

  it('strings stay strings (undefined: the parser value stands)', () => {
    for (const s of ['500m', '256Mi', '1.2.3', '12:30', 'web', '0x', '1e', '-', 'app-1'])
      expect(resolveYaml11(s), s).toBeUndefined();
  });
});

describe('parseScenario reads Kubernetes objects with YAML 1.1 scalars', () => {
  it('maxReplicas: 010 is 8, as in the cluster', () => {
    const r = parseScenario(HPA_V2(BASIC_SPEC).replace(/maxReplicas: \d+/, 'maxReplicas: 010'));
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.effectiveHpa!.spec.maxReplicas).toBe(8);
  });

  it('1_000 is a number, so a quantity written so is accepted', () => {
    const text = HPA_V2(BASIC_SPEC).replace(/maxReplicas: \d+/, 'maxReplicas: 1_0');
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.effectiveHpa!.spec.maxReplicas).toBe(10);
  });

  it('an unquoted yes where a string belongs is a boolean the API server refuses, said so', () => {
    const text = HPA_V2(BASIC_SPEC).replace(
      'metadata:\n',
      'metadata:\n  labels:\n    canary: yes\n',
    );
    expect(text).toContain('canary: yes');
    const e = errors(parseScenario(text).diagnostics);
    expect(e).toHaveLength(1);
    expect(e[0]!.message).toMatch(/^expected a string, got true \(quote it: .*yes, no, on, off/);
    expect(e[0]!.path).toBe('hpa:metadata.labels.canary');
    // Quoted, it is the string the user meant.
    expect(parseScenario(text.replace('canary: yes', 'canary: "yes"')).ok).toBe(true);
  });

  it('the Simulation document stays YAML 1.2 (our format): 010 is ten', () => {
    const sim =
      'apiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n  duration: 10m\n  workload: { replicas: 010 }\n';
    const r = parseScenario(`${HPA_V2(BASIC_SPEC)}---\n${sim}`);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.workload.initialReplicas).toBe(10);
  });
});
