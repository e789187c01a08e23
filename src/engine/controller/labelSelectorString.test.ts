import { describe, expect, it } from 'vitest';
import { labelSelectorString } from './labelSelectorString.ts';

// The texts are generated.pb.go's String() as kube-controller-manager prints them into events
// (e.g. KEDA's "external metric s0-prometheus(&LabelSelector{…}) above target").
describe('labelSelectorString', () => {
  it('prints a missing selector as nil', () => {
    expect(labelSelectorString(undefined)).toBe('nil');
    expect(labelSelectorString(null)).toBe('nil');
  });

  it('prints an empty selector with its empty map and list', () => {
    expect(labelSelectorString({})).toBe(
      '&LabelSelector{MatchLabels:map[string]string{},MatchExpressions:[]LabelSelectorRequirement{},}',
    );
  });

  it("prints KEDA's owner label as a real event shows it", () => {
    expect(
      labelSelectorString({ matchLabels: { 'scaledobject.keda.sh/name': 'keda-sample' } }),
    ).toBe(
      '&LabelSelector{MatchLabels:map[string]string{scaledobject.keda.sh/name: keda-sample,},MatchExpressions:[]LabelSelectorRequirement{},}',
    );
  });

  it('sorts labels by key and prints requirements without their "&"', () => {
    expect(
      labelSelectorString({
        matchLabels: { b: '2', a: '1' },
        matchExpressions: [
          { key: 'any.role', operator: 'In', values: ['database', 'cache'] },
          { key: 'x', operator: 'Exists' },
        ],
      }),
    ).toBe(
      '&LabelSelector{MatchLabels:map[string]string{a: 1,b: 2,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:any.role,Operator:In,Values:[database cache],},LabelSelectorRequirement{Key:x,Operator:Exists,Values:[],},},}',
    );
  });
});
