// How upstream prints a metric's label selector into its texts: horizontal.go and
// replica_calculator.go format `*metav1.LabelSelector` with `%+v`, which calls the generated
// String() of k8s.io/apimachinery pkg/apis/meta/v1 generated.pb.go (LabelSelector.String,
// LabelSelectorRequirement.String). A nil selector prints "nil"; labels are in sorted key order.
// The rescale reason users see is built from it, e.g. "external metric
// s0-prometheus(&LabelSelector{MatchLabels:map[string]string{scaledobject.keda.sh/name: web,},
// MatchExpressions:[]LabelSelectorRequirement{},}) above target".

import type { LabelSelector } from './types.ts';

// upstream: generated.pb.go (*LabelSelector).String
export function labelSelectorString(selector: LabelSelector | null | undefined): string {
  if (selector === undefined || selector === null) return 'nil';
  let expressions = '[]LabelSelectorRequirement{';
  for (const r of selector.matchExpressions ?? []) {
    // Go's %v of a []string: "[a b]"; the requirement's leading "&" is dropped upstream.
    expressions += `LabelSelectorRequirement{Key:${r.key},Operator:${r.operator},Values:[${(r.values ?? []).join(' ')}],},`;
  }
  expressions += '}';
  const labels = selector.matchLabels ?? {};
  let map = 'map[string]string{';
  for (const k of Object.keys(labels).sort()) map += `${k}: ${labels[k]},`;
  map += '}';
  return `&LabelSelector{MatchLabels:${map},MatchExpressions:${expressions},}`;
}
