// `hpa-sim mcp`: the simulator as a Model Context Protocol server over stdio (the official SDK),
// so an assistant answers "what will my HPA do under this traffic" with the exact engine. Every
// tool takes the scenario as text (never a path: the server reads no file it is not given) and
// runs the same command the CLI runs; resources are the presets and the scenario schema.

import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { presetInfo, PRESET_GROUPS } from '../../presets/presetInfo.ts';
import { hpaSchema, simulationSchema, scaledObjectSchema } from '../../scenario/index.ts';
import { MAX_TEXT_CHARS } from '../../scenario/limits.ts';
import { encodeScenario } from '../../share/codec.ts';
import { shareHash } from '../../share/fragment.ts';
import { THRESHOLDS } from '../../tune/index.ts';
import type { Io } from '../args.ts';
import { VERSION } from '../version.ts';
import { BoundedStdioTransport } from './boundedStdio.ts';
import { runOnText, type CliRunner } from './capture.ts';
import { presetFiles } from './presetFiles.ts';

/** The address `npm start` serves the app on; a hosted copy's URL goes in base_url. */
export const DEFAULT_APP_URL = 'http://127.0.0.1:5173/';
const NAME = 'scenario.yaml';

const scenario = z
  .string()
  .describe(
    'the scenario as YAML or JSON text: a HorizontalPodAutoscaler (or KEDA ScaledObject, Karmada FederatedHPA), optionally its Deployment and a kind: Simulation document after ---',
  );
const hpa = z
  .string()
  .optional()
  .describe(
    'metadata.name (or namespace/name) of the autoscaler to simulate when the text holds several',
  );
const thresholds = z
  .object(
    Object.fromEntries(
      THRESHOLDS.map((t) => [t.flag, z.number().optional().describe(`${t.label}, ${t.bound}`)]),
    ),
  )
  .describe("KPI thresholds, named like the CLI's flags (at least one)");

const text = (s: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: s }],
  ...(isError ? { isError: true } : {}),
});

/** A scenario over the parser's limit is refused before anything reads it. */
function tooLarge(s: string): CallToolResult | null {
  if (s.length <= MAX_TEXT_CHARS) return null;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return text(
    `error: the scenario is ${mb(s.length)} MB; the limit is ${mb(MAX_TEXT_CHARS)} MB`,
    true,
  );
}

const thresholdArgs = (t: Record<string, number | undefined>): string[] =>
  Object.entries(t).flatMap(([k, v]) => (v === undefined ? [] : [`--${k}`, String(v)]));

function presetsList() {
  return Object.entries(presetFiles()).map(([id, body]) => {
    const info = presetInfo(id, body);
    return { id, title: info.title, section: info.group, description: info.description };
  });
}

export function createServer(cli: CliRunner): McpServer {
  const server = new McpServer({ name: 'hpa-sim', version: VERSION });

  server.registerTool(
    'run',
    {
      title: 'Simulate an HPA',
      description:
        'Runs the scenario through the HPA controller port (kube-controller-manager v1.33–v1.35) and returns every rescale and the KPIs (table) or the whole run (json: syncs, series, kpis).',
      inputSchema: { scenario, hpa, format: z.enum(['table', 'json']).optional() },
    },
    async (a) => {
      const big = tooLarge(a.scenario);
      if (big) return big;
      const args = ['--format', a.format ?? 'table', ...(a.hpa ? ['--hpa', a.hpa] : [])];
      const r = await runOnText(cli, 'run', NAME, a.scenario, args);
      return text(
        r.code === 0 ? `${r.out}${r.err ? `\n\nnotes:\n${r.err}` : ''}` : r.err,
        r.code !== 0,
      );
    },
  );

  server.registerTool(
    'check',
    {
      title: 'Gate an HPA on KPI thresholds',
      description:
        'Simulates each autoscaler in the text and compares its KPIs with the thresholds: passed, failed (which thresholds, by how much) or invalid (the errors, located).',
      inputSchema: { scenario, hpa, thresholds, gate: z.string().optional() },
    },
    async (a) => {
      const big = tooLarge(a.scenario);
      if (big) return big;
      const limits = thresholdArgs(a.thresholds);
      if (limits.length === 0)
        return text(
          `error: give at least one threshold: ${THRESHOLDS.map((t) => t.flag).join(', ')}`,
          true,
        );
      const args = [
        ...limits,
        '--report',
        'json',
        ...(a.hpa ? ['--hpa', a.hpa] : []),
        ...(a.gate ? ['--gate', a.gate] : []),
      ];
      const r = await runOnText(cli, 'check', NAME, a.scenario, args);
      if (r.code === 2 && !r.out.startsWith('{')) return text(r.err, true);
      const verdict =
        r.code === 0
          ? 'every threshold met'
          : r.code === 1
            ? 'some threshold not met'
            : 'invalid input';
      return text(`${verdict} (exit ${r.code})\n${r.err}\n\n${r.out}`);
    },
  );

  server.registerTool(
    'explain_sync',
    {
      title: 'Explain one controller sync',
      description:
        'What the HPA controller did at one sync and why: metrics, each proposal, tolerance, the stabilization window, policies, the min/max clamp, conditions and events — with notes where popular explanations differ from the code. Pick the sync by time (seconds; the last sync at or before it) or by index.',
      inputSchema: {
        scenario,
        hpa,
        time: z.number().min(0).optional(),
        sync: z.number().int().min(0).optional(),
      },
    },
    async (a) => {
      const big = tooLarge(a.scenario);
      if (big) return big;
      const args = ['--format', 'json', '--explain', ...(a.hpa ? ['--hpa', a.hpa] : [])];
      const r = await runOnText(cli, 'run', NAME, a.scenario, args);
      if (r.code !== 0) return text(r.err, true);
      const j = JSON.parse(r.out) as { syncs?: { time: number }[] };
      if (!j.syncs)
        return text(
          'error: explain_sync explains a single-cluster run; a multi-cluster scenario: use run',
          true,
        );
      const syncs = j.syncs;
      let i = a.sync ?? 0;
      if (a.sync === undefined && a.time !== undefined) {
        i = 0;
        while (i + 1 < syncs.length && syncs[i + 1]!.time <= a.time) i++;
      }
      if (i >= syncs.length)
        return text(`error: the run has ${syncs.length} syncs (0–${syncs.length - 1})`, true);
      return text(JSON.stringify({ index: i, of: syncs.length, ...syncs[i] }, null, 1));
    },
  );

  server.registerTool(
    'tune',
    {
      title: "Tune an HPA's behavior",
      description:
        'Searches the behavior (and with search_replicas / search_target the bounds and target) for the cheapest HPA that meets the thresholds; returns the recommended manifest, comments kept, and current vs recommended KPIs.',
      inputSchema: {
        scenario,
        hpa,
        thresholds,
        budget: z.number().int().min(1).max(400).optional().describe('simulations (default 200)'),
        seed: z.number().int().optional(),
        minimize: z.enum(['pod-hours', 'cost']).optional(),
        search_replicas: z.boolean().optional(),
        search_target: z.boolean().optional(),
      },
    },
    async (a) => {
      const big = tooLarge(a.scenario);
      if (big) return big;
      const limits = thresholdArgs(a.thresholds);
      if (limits.length === 0)
        return text(
          `error: give at least one threshold: ${THRESHOLDS.map((t) => t.flag).join(', ')}`,
          true,
        );
      const args = [
        ...limits,
        ...(a.hpa ? ['--hpa', a.hpa] : []),
        ...(a.budget ? ['--budget', String(a.budget)] : []),
        ...(a.seed !== undefined ? ['--seed', String(a.seed)] : []),
        ...(a.minimize ? ['--minimize', a.minimize] : []),
        ...(a.search_replicas ? ['--search-replicas'] : []),
        ...(a.search_target ? ['--search-target'] : []),
      ];
      const r = await runOnText(cli, 'tune', NAME, a.scenario, args);
      if (r.code === 2) return text(r.err, true);
      return text(`${r.err}\n\nrecommended manifest:\n${r.out}`);
    },
  );

  server.registerTool(
    'presets',
    {
      title: 'Worked scenarios',
      description:
        "Lists the built-in scenarios (id, title, section, what to notice), or returns one preset's YAML by id, ready to pass to run.",
      inputSchema: { id: z.string().optional() },
    },
    async (a) => {
      if (a.id === undefined) return text(JSON.stringify(presetsList(), null, 1));
      const body = presetFiles()[a.id];
      if (body === undefined)
        return text(
          `error: no preset '${a.id}'; presets: ${Object.keys(presetFiles()).join(', ')}`,
          true,
        );
      return text(body);
    },
  );

  server.registerTool(
    'share_link',
    {
      title: 'A link that opens the scenario in the app',
      description:
        "The app's own share link: the scenario compressed in the URL fragment (never sent to a server), optionally opened on an HPA, the variants' comparison, a federation model, or as an embeddable view.",
      inputSchema: {
        scenario,
        hpa,
        base_url: z
          .string()
          .url()
          .optional()
          .describe(`where the app is served (default ${DEFAULT_APP_URL})`),
        view: z.enum(['compare']).optional(),
        model: z.enum(['proposal', 'shipped']).optional(),
        embed: z
          .boolean()
          .optional()
          .describe('the embed view: charts, playback and explanation only'),
      },
    },
    async (a) => {
      const big = tooLarge(a.scenario);
      if (big) return big;
      const base = new URL(a.base_url ?? DEFAULT_APP_URL);
      base.hash = '';
      const payload = await encodeScenario(a.scenario);
      const hash = shareHash(payload, {
        hpa: a.hpa ?? null,
        view: a.view ?? null,
        model: a.model ?? null,
        embed: a.embed ?? null,
      });
      return text(`${base.href}${hash}`);
    },
  );

  server.registerResource(
    'preset',
    new ResourceTemplate('hpa-sim://presets/{id}', {
      list: async () => ({
        resources: presetsList().map((p) => ({
          uri: `hpa-sim://presets/${p.id}`,
          name: p.id,
          title: p.title,
          description: p.description,
          mimeType: 'application/yaml',
        })),
      }),
    }),
    {
      title: 'Preset scenarios',
      description: `worked scenarios in sections: ${PRESET_GROUPS.map((g) => g.title).join(', ')}`,
    },
    async (uri, vars) => {
      const id = decodeURIComponent(String(vars.id));
      const body = presetFiles()[id];
      if (body === undefined) throw new Error(`no preset '${id}'`);
      return { contents: [{ uri: uri.href, mimeType: 'application/yaml', text: body }] };
    },
  );

  server.registerResource(
    'scenario-schema',
    'hpa-sim://schema/scenario',
    {
      title: 'Scenario schema',
      description:
        'JSON Schemas of the documents a scenario holds: the HorizontalPodAutoscaler (every API version), the Simulation document, the KEDA ScaledObject',
      mimeType: 'application/schema+json',
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/schema+json',
          text: JSON.stringify({
            horizontalPodAutoscaler: hpaSchema,
            simulation: simulationSchema,
            scaledObject: scaledObjectSchema,
          }),
        },
      ],
    }),
  );
  return server;
}

export async function mcpCommand(argv: string[], io: Io, cli: CliRunner): Promise<number> {
  if (argv.length) return io.usage('mcp takes no arguments: it speaks MCP on stdin/stdout');
  const server = createServer(cli);
  const transport = new BoundedStdioTransport();
  await server.connect(transport);
  // Serve until the client closes stdin.
  await new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.close();
  return 0;
}
