// Real files as kubectl and jq write them: JSON streams (`{…}{…}`, one object per line, pretty or
// not, `null` values, behind a byte-order mark, a Simulation after `---`) and `kind: List` dumps
// (JSON or YAML, odd items, typed lists), from a couple of objects to thousands.
import fc from 'fast-check';
import { mostly, unsafeChar } from '../arbitraries.ts';

const name = mostly(
  fc.constantFrom('web', 'api', 'worker'),
  fc.oneof(
    unsafeChar.map((c) => `web${c}`),
    fc.constantFrom('web\u202e', 'Web', '', 'a'.repeat(254)),
  ),
);

const hpaObject = fc
  .record({
    name,
    i: fc.nat(9999),
    max: mostly(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, 5001, 30000)),
    target: name,
  })
  .map(({ name: n, i, max, target }) => ({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: `${n}-${i}` },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: target },
      minReplicas: 1,
      maxReplicas: max,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
        },
      ],
    },
  }));
const deployment = fc
  .record({ name, replicas: mostly(fc.integer({ min: 0, max: 20 }), fc.constantFrom(5001, -1)) })
  .map(({ name: n, replicas }) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: n },
    spec: {
      replicas,
      template: {
        spec: { containers: [{ name: 'app', resources: { requests: { cpu: '250m' } } }] },
      },
    },
  }));
const other = fc.constantFrom<unknown>(
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' } },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } },
  null,
  3,
  'x',
  [],
  {},
);
const object = fc.oneof(
  { weight: 5, arbitrary: hpaObject as fc.Arbitrary<unknown> },
  { weight: 2, arbitrary: deployment as fc.Arbitrary<unknown> },
  { weight: 1, arbitrary: other },
);
/**
 * Mostly a few objects, sometimes hundreds, rarely thousands (the parse must stay linear); the
 * short run in the test suite leaves the thousands to the long one.
 */
const count = (large: boolean) =>
  fc.oneof(
    { weight: 20, arbitrary: fc.integer({ min: 1, max: 6 }) },
    { weight: 3, arbitrary: fc.integer({ min: 7, max: large ? 600 : 60 }) },
    { weight: large ? 1 : 0, arbitrary: fc.constantFrom(2000, 4000) },
  );
const objectsOf = (large: boolean) =>
  fc
    .tuple(count(large), fc.array(object, { minLength: 1, maxLength: 8 }))
    .map(([n, some]) => Array.from({ length: n }, (_, i) => some[i % some.length]));

const SIMULATION =
  '\n---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n  duration: 10m\n';

const streamOf = (large: boolean): fc.Arbitrary<string> =>
  fc
    .record({
      objects: objectsOf(large),
      separator: fc.constantFrom('', '\n', ' ', '\r\n', '\n\n'),
      pretty: fc.constantFrom<number | undefined>(undefined, 2, 4),
      bom: mostly(fc.constant(false), fc.constant(true)),
      tail: mostly(fc.constantFrom('', SIMULATION, ' null'), fc.constantFrom('{', ',', '\n]')),
    })
    .map(
      ({ objects: list, separator, pretty, bom, tail }) =>
        (bom ? '\ufeff' : '') +
        list.map((o, i) => JSON.stringify(o, null, i % 2 ? pretty : undefined)).join(separator) +
        tail,
    );

const listOf = (large: boolean): fc.Arbitrary<string> =>
  fc
    .record({
      objects: objectsOf(large),
      kind: mostly(
        fc.constantFrom('List', 'HorizontalPodAutoscalerList'),
        fc.constantFrom('DeploymentList', 'Lst'),
      ),
      json: fc.boolean(),
      items: fc.constantFrom('items', 'itemz'),
      tail: fc.constantFrom('', SIMULATION),
    })
    .map(({ objects: list, kind, json, items, tail }) => {
      const dump = { apiVersion: 'v1', kind, metadata: { resourceVersion: '' }, [items]: list };
      if (json) return JSON.stringify(dump, null, 2) + tail;
      // YAML, one item a block (as kubectl get -o yaml writes it).
      const lines = list.map((o) => `- ${JSON.stringify(o)}`).join('\n');
      return `apiVersion: v1\nkind: ${kind}\nmetadata: { resourceVersion: "" }\n${items}:\n${lines}\n${tail}`;
    });

export const jsonStream = streamOf(true);
export const listDump = listOf(true);
/** At most tens of objects: for the short run in the test suite. */
export const smallStreams = fc.oneof(streamOf(false), listOf(false));
