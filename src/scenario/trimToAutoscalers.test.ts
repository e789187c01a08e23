import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from './limits.ts';
import { parseScenario } from './parseScenario.ts';
import { trimToAutoscalers } from './trimToAutoscalers.ts';
import { namespaceDump } from './testing/namespaceDump.ts';

describe('trimToAutoscalers', () => {
  it('a 5 MB kubectl List: the HPA and the Deployment it scales, as written', () => {
    const dump = namespaceDump(2497);
    expect(dump.length).toBeGreaterThan(MAX_TEXT_CHARS);
    expect(parseScenario(dump).ok).toBe(false);
    const trimmed = trimToAutoscalers(dump)!;
    expect(trimmed.length).toBeLessThan(8 * 1024);
    expect(trimmed.match(/^- apiVersion:/gm)).toHaveLength(2);
    expect(trimmed).toContain('  kind: HorizontalPodAutoscaler');
    expect(trimmed).toContain('    name: web-1234\n');
    // the List's head and tail stay; the rest of the file is byte for byte the original's
    expect(trimmed.startsWith('apiVersion: v1\nitems:\n- apiVersion:')).toBe(true);
    expect(trimmed.endsWith('kind: List\nmetadata:\n  resourceVersion: ""\n')).toBe(true);
    const parsed = parseScenario(trimmed);
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(parsed.ok).toBe(true);
    expect(parsed.input?.hpa.metadata?.name).toBe('web');
  });

  it('a stream of documents and a JSON List are trimmed the same way', () => {
    const preset = readFileSync(resolve(import.meta.dirname, '../presets/default.yaml'), 'utf8');
    const deployment = (name: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  replicas: 1\n`;
    const stream = [deployment('other'), preset.split('---\n')[0], deployment('web')].join('---\n');
    const trimmed = trimToAutoscalers(stream)!;
    expect(trimmed).not.toContain('name: other');
    expect(trimmed).toContain('name: web\nspec:\n  replicas: 1');
    const json = JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'a' } },
        {
          apiVersion: 'autoscaling/v2',
          kind: 'HorizontalPodAutoscaler',
          metadata: { name: 'h' },
          spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'b' } },
        },
        { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'b' } },
      ],
    });
    const kept = JSON.parse(trimToAutoscalers(json)!) as {
      items: { metadata: { name: string } }[];
    };
    expect(kept.items.map((i) => i.metadata.name)).toEqual(['h', 'b']);
  });

  it('nothing to offer without an autoscaler', () => {
    expect(
      trimToAutoscalers(
        'apiVersion: v1\nkind: List\nitems:\n- kind: Deployment\n  metadata:\n    name: a\n',
      ),
    ).toBeNull();
    expect(trimToAutoscalers('{"items": []}')).toBeNull();
  });
});
