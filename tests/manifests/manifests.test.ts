/**
 * Real HorizontalPodAutoscaler files from public repositories, pasted as they are. Each file names
 * its source and the API server's verdict in its first two comment lines:
 *   # source: https://github.com/OWNER/REPO/blob/COMMIT/PATH
 *   # verdict: accepted | rejected: <part of the API server's reason>
 * A JSON file keeps its bytes (a comment would make kubectl read it as YAML): its two header lines
 * are in FILE.json.meta beside it.
 * An accepted file must run with no Simulation document and rescale at least once (unless
 * minReplicas equals maxReplicas); a rejected one must fail with that reason, located on a line
 * of the file.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulation/index.ts';
import { parseScenario } from '../../src/scenario/index.ts';

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml') || f.endsWith('.json'))
  .sort();

/** The header lines: in the file, or for JSON in FILE.json.meta. */
function headerText(file: string, text: string): string {
  return file.endsWith('.json') ? readFileSync(join(dir, `${file}.meta`), 'utf8') : text;
}

function header(text: string): { source: string; verdict: string } {
  const source = /^# source: (\S+)$/m.exec(text)?.[1] ?? '';
  const verdict = /^# verdict: (.+)$/m.exec(text)?.[1]?.trim() ?? '';
  return { source, verdict };
}

describe('manifest corpus', () => {
  it('holds at least 30 real files, each with its source and verdict', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const f of files) {
      const { source, verdict } = header(headerText(f, readFileSync(join(dir, f), 'utf8')));
      expect(source, f).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\//);
      expect(verdict, f).toMatch(/^(accepted|rejected: .+)$/);
    }
  });

  it('covers every API version and metric type', () => {
    const all = files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
    for (const v of [
      'autoscaling/v1',
      'autoscaling/v2beta1',
      'autoscaling/v2beta2',
      'autoscaling/v2\n',
    ])
      expect(all).toContain(`apiVersion: ${v}`);
    for (const t of ['Resource', 'ContainerResource', 'Pods', 'Object', 'External'])
      expect(all).toContain(`type: ${t}`);
  });

  it("holds real KEDA ScaledObjects of at least 22 scaler types, with KEDA's verdict", () => {
    const types = new Set<string>();
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (!text.includes('apiVersion: keda.sh/v1alpha1')) continue;
      for (const m of text.matchAll(/^\s*-?\s*type: ([a-z][a-z0-9-]*)\s*$/gm)) {
        if (!['Resource', 'Pods', 'Percent'].includes(m[1]!)) types.add(m[1]!);
      }
    }
    expect([...types].sort()).toEqual(
      expect.arrayContaining([
        'apache-kafka',
        'aws-dynamodb',
        'aws-sqs-queue',
        'azure-eventhub',
        'azure-pipelines',
        'azure-queue',
        'azure-servicebus',
        'aws-cloudwatch',
        'cpu',
        'cron',
        'datadog',
        'gcp-pubsub',
        'kafka',
        'kubernetes-workload',
        'loki',
        'memory',
        'metrics-api',
        'mongodb',
        'mysql',
        'nats-jetstream',
        'postgresql',
        'prometheus',
        'rabbitmq',
        'redis',
        'selenium-grid',
        'solace-event-queue',
      ]),
    );
  });

  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    const { verdict } = header(headerText(file, text));
    if (verdict === 'accepted') {
      it(`${file}: runs with the default world and rescales`, () => {
        const parsed = parseScenario(text);
        const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
        expect(errors).toEqual([]);
        expect(parsed.defaultSimulation).not.toBeNull();
        const out = simulate(parsed.input!, { record: 'full' });
        if (!out.ok) throw new Error(out.error);
        const spec = parsed.input!.hpa.spec;
        const rescales = out.result.syncs!.filter((s) => s.rescaled);
        if ((spec.minReplicas ?? 1) !== spec.maxReplicas) {
          expect(rescales.length).toBeGreaterThan(0);
          // Up and back down: the windows and policies had something to do.
          const syncs = out.result.syncs!;
          const peak = Math.max(...syncs.map((s) => s.replicas));
          expect(peak).toBeGreaterThan(syncs[0]!.replicas);
          // KEDA's cooldown can cycle a queue's target 0 → max → 0 to the run's end: some
          // sync after the first peak is below it.
          const at = syncs.findIndex((s) => s.replicas === peak);
          expect(Math.min(...syncs.slice(at).map((s) => s.replicas))).toBeLessThan(peak);
        }
      });
    } else {
      const reason = verdict.replace(/^rejected: /, '');
      it(`${file}: is refused with the API server's reason (${reason}), located`, () => {
        const parsed = parseScenario(text);
        expect(parsed.ok).toBe(false);
        const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
        const match = errors.find((d) => d.message.includes(reason));
        expect(match, errors.map((d) => d.message).join('\n')).toBeDefined();
        const lines = text.split('\n').length;
        expect(match!.line).toBeGreaterThanOrEqual(1);
        expect(match!.line).toBeLessThanOrEqual(lines);
      });
    }
  }
});
