/** A Simulation document as YAML text: small maps in flow style so the snippet stays short. */
import { Document, isMap, isScalar, visit } from 'yaml';
import { CURRENT_SIMULATION_API_VERSION, SIMULATION_KIND } from './defaults.ts';
import type { SimulationSpecDocument } from './document.ts';

export function simulationYaml(name: string, spec: SimulationSpecDocument): string {
  const doc = new Document({
    apiVersion: CURRENT_SIMULATION_API_VERSION,
    kind: SIMULATION_KIND,
    metadata: { name },
    spec,
  });
  visit(doc, {
    Map(_, node) {
      if (
        node.items.length <= 3 &&
        node.items.every((p) => isScalar(p.value) || (isMap(p.value) && p.value.flow))
      )
        node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}
