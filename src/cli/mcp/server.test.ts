// `hpa-sim mcp` as an assistant's client sees it: the installed bundle started over stdio by the
// official SDK's client, every tool called, both resources read.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeScenario, encodeScenario } from '../../share/codec.ts';
import { shortDefaultText } from '../../tune/testing/fixture.ts';
import { cliBundle } from '../testing/cliBundle.ts';

const defaultYaml = readFileSync(
  resolve(import.meta.dirname, '../../presets/default.yaml'),
  'utf8',
);
const short = shortDefaultText(defaultYaml);

type Content = { type: string; text: string }[];
const textOf = (r: unknown) => (r as { content: Content }).content[0]!.text;

describe('hpa-sim mcp (stdio, the SDK client)', () => {
  let client: Client;

  beforeAll(async () => {
    const bundle = await cliBundle();
    client = new Client({ name: 'hpa-sim-test', version: '0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bundle, 'mcp'],
        stderr: 'pipe',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  it('lists the six tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['check', 'explain_sync', 'presets', 'run', 'share_link', 'tune'].sort(),
    );
  });

  it('presets: the list, and one by id', async () => {
    const list = JSON.parse(textOf(await client.callTool({ name: 'presets', arguments: {} })));
    expect(list.find((p: { id: string }) => p.id === 'default')).toMatchObject({
      section: 'basics',
    });
    expect(list.some((p: { id: string }) => p.id === 'multicluster/failover')).toBe(true);
    const one = await client.callTool({ name: 'presets', arguments: { id: 'default' } });
    expect(textOf(one)).toBe(defaultYaml);
    const none = await client.callTool({ name: 'presets', arguments: { id: 'nope' } });
    expect(none.isError).toBe(true);
  });

  it('run: the rescales and KPIs of the exact engine', async () => {
    const r = await client.callTool({ name: 'run', arguments: { scenario: short } });
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toMatch(/scale events \d+ \(\d+ up, \d+ down\)/);
    const j = await client.callTool({
      name: 'run',
      arguments: { scenario: short, format: 'json' },
    });
    expect(JSON.parse(textOf(j)).kpis.peakReplicas).toBeGreaterThan(2);
  });

  it('check: a verdict per threshold, and the exit status it maps to', async () => {
    const met = await client.callTool({
      name: 'check',
      arguments: { scenario: short, thresholds: { 'max-reversals': 1000 } },
    });
    expect(textOf(met)).toMatch(/^every threshold met \(exit 0\)/);
    const missed = await client.callTool({
      name: 'check',
      arguments: { scenario: short, thresholds: { 'max-peak-replicas': 1 } },
    });
    expect(textOf(missed)).toMatch(/^some threshold not met \(exit 1\)/);
    expect(textOf(missed)).toContain('"status":"failed"');
  });

  it('explain_sync: one sync, its decision and the notes', async () => {
    const r = await client.callTool({
      name: 'explain_sync',
      arguments: { scenario: short, time: 3600 },
    });
    const sync = JSON.parse(textOf(r));
    expect(sync.time).toBeLessThanOrEqual(3600);
    expect(sync.time).toBeGreaterThan(3600 - 16);
    expect(typeof sync.explanation).toBe('string');
    expect(sync.trace.metrics.length).toBeGreaterThan(0);
  });

  it('tune: the recommended manifest', async () => {
    const r = await client.callTool({
      name: 'tune',
      arguments: { scenario: short, thresholds: { 'max-unmet-demand-percent': 5 }, budget: 8 },
    });
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toMatch(/recommended manifest:\n[^]*apiVersion: autoscaling\/v2/);
  });

  it("share_link: the app's own link, byte for byte", async () => {
    const r = await client.callTool({
      name: 'share_link',
      arguments: { scenario: short, base_url: 'https://example.org/tools/hpa-sim/', embed: true },
    });
    const link = textOf(r);
    expect(link).toBe(
      `https://example.org/tools/hpa-sim/#s=${await encodeScenario(short)}&embed=1`,
    );
    const payload = /#s=([^&]+)/.exec(link)![1]!;
    expect(await decodeScenario(payload)).toEqual({ ok: true, text: short });
  });

  it('resources: every preset and the scenario schema', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('hpa-sim://presets/default');
    expect(resources.map((r) => r.uri)).toContain('hpa-sim://schema/scenario');
    const preset = await client.readResource({ uri: 'hpa-sim://presets/default' });
    expect((preset.contents[0] as { text: string }).text).toBe(defaultYaml);
    const schema = await client.readResource({ uri: 'hpa-sim://schema/scenario' });
    const s = JSON.parse((schema.contents[0] as { text: string }).text);
    expect(Object.keys(s)).toEqual(['horizontalPodAutoscaler', 'simulation', 'scaledObject']);
  });

  it('a 10 MB scenario is a clear error, and the server keeps answering', async () => {
    const huge = `# ${'x'.repeat(10 * 1024 * 1024)}\n${short}`;
    const r = await client.callTool({ name: 'run', arguments: { scenario: huge } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe('error: the scenario is 10.0 MB; the limit is 2.0 MB');
    // Beyond what the server reads at all: refused as it streams, answered at once.
    const huger = await client
      .callTool({ name: 'run', arguments: { scenario: 'y'.repeat(40 * 1024 * 1024) } })
      .catch((e: Error) => e);
    expect(String((huger as Error).message)).toContain('over the 32.0 MB this server reads');
    const after = await client.callTool({ name: 'presets', arguments: { id: 'default' } });
    expect(textOf(after)).toBe(defaultYaml);
  });
});
