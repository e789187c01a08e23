/** Test helper: a ScaledObject `orders` in `shop` with these triggers, converted, and what was said. */
import type { Reporter } from '../../diagnostics.ts';
import type { Path } from '../../types.ts';
import { scaledObjectToHpa } from '../scaledObject.ts';

export type Said = { path: string; message: string };

export function convert(triggers: unknown[], extra: Record<string, unknown> = {}) {
  const said: Said[] = [];
  const report: Reporter = {
    error: (path: Path, message: string) => said.push({ path: path.join('.'), message }),
    warning: () => {},
    info: () => {},
  };
  const out = scaledObjectToHpa(
    {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'orders', namespace: 'shop' },
      spec: { scaleTargetRef: { name: 'orders' }, triggers, ...extra },
    },
    report,
  );
  return { out, said };
}

/** The i-th metric of the HPA KEDA creates: its External name and target. */
export const ext = (o: ReturnType<typeof convert>['out'], i = 0) => {
  const m = (
    o!.manifest.spec as { metrics: { external?: { metric: { name: string }; target: unknown } }[] }
  ).metrics[i]!;
  return { name: m.external!.metric.name, target: m.external!.target };
};
