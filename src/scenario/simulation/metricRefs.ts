// Which load section (spec.load.resources / pods / object / external) and which name each of the
// HPA's metrics reads its load from: shared by the load builder (loads.ts), its suggestions
// (suggestLoad.ts) and the default world (defaultWorld.ts).

import type { HorizontalPodAutoscaler, MetricSpec } from '../../engine/controller/index.ts';

export type LoadKind = 'resource' | 'pods' | 'object' | 'external';

export interface MetricRef {
  key: string;
  kind: LoadKind;
  name: string;
  /** Index in the HPA's spec.metrics. */
  index: number;
  metric: MetricSpec;
}

export function metricRefs(hpa: HorizontalPodAutoscaler): MetricRef[] {
  return (hpa.spec.metrics ?? []).map((metric, index) => {
    const [kind, name] = refOf(metric);
    return { key: `${kind}/${name}`, kind, name, index, metric };
  });
}

function refOf(m: MetricSpec): [LoadKind, string] {
  switch (m.type) {
    case 'ContainerResource':
      return ['resource', m.containerResource?.name ?? ''];
    case 'Pods':
      return ['pods', m.pods?.metric?.name ?? ''];
    case 'Object':
      return ['object', m.object?.metric?.name ?? ''];
    case 'External':
      return ['external', m.external?.metric?.name ?? ''];
    default:
      return ['resource', m.resource?.name ?? ''];
  }
}
