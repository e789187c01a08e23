// Proof that the layer rules in eslint.config.js fire: CI runs `npm run lint`, so a rule that
// silently matched nothing would let an upward import through. Each case lints a one-line
// snippet as if it were a file at `path`, with the repository's own config.
import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: resolve(root, 'eslint.config.js') });
const BOUNDARY_RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);

/** The boundary messages ESLint reports for `code` placed at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const x = 1;\n`, { filePath: path });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(`${path}: ${fatal.map((m) => m.message).join('; ')}`);
  return messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

const blocked = (path: string, code: string, why: RegExp) =>
  it(`${path}: ${code}`, async () => {
    const errors = await boundaryErrors(path, code);
    // A folder covered by two layer rules (src/run is pure and simulator-side) reports twice.
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e).toMatch(why);
  });

const allowed = (path: string, code: string) =>
  it(`${path}: ${code}`, async () => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });

const TYPES_ONLY = /as types only/;
const VIA_RUN = /through the run service/;
const ONE_WAY = /Dependencies point one way/;
const HOOKS = /through its hooks/;

describe('UI layers load the simulator as types only', () => {
  blocked(
    'src/panels/tune/X.tsx',
    "import { evaluateCandidate } from '../../tune/index.ts';",
    TYPES_ONLY,
  );
  blocked(
    'src/bridge/x.ts',
    "import { evaluateCandidate } from '../tune/candidate.ts';",
    TYPES_ONLY,
  );
  allowed('src/panels/tune/X.tsx', "import { search } from '../../tune/search.ts';");
  allowed('src/bridge/x.ts', "import type { TuneBase } from '../tune/index.ts';");
  blocked('src/charts/X.tsx', "import { simulate } from '../engine/simulation/index.ts';", VIA_RUN);
  blocked('src/app/X.tsx', "import { parseScenario } from '../scenario/index.ts';", VIA_RUN);
  blocked(
    'src/panels/kpis/X.tsx',
    "import { kpis } from '../../engine/simulation/kpis.ts';",
    VIA_RUN,
  );
  blocked(
    'src/explain/x.ts',
    "import { simulate } from '../engine/simulation/simulate.ts';",
    VIA_RUN,
  );
  blocked('src/store/x.ts', "import { runScenario } from '../run/index.ts';", TYPES_ONLY);
  blocked('src/bridge/x.ts', "import { createSimulatorApi } from '../worker/api.ts';", TYPES_ONLY);
  // The method table is names only: the bridge generates its forwarding from it.
  allowed('src/bridge/x.ts', "import { METHOD_NAMES } from '../worker/methods.ts';");
  blocked('src/share/x.ts', "export { parseScenario } from '../scenario/index.ts';", VIA_RUN);
  allowed('src/charts/X.tsx', "import type { SyncRecord } from '../run/index.ts';");
  allowed('src/store/x.ts', "import { type RunReply } from '../worker/protocol.ts';");
  allowed('src/panels/kpis/X.tsx', "export type { Kpis } from '../../run/index.ts';");
});

describe('UI layers take engine and scenario types through the run service', () => {
  blocked(
    'src/charts/X.tsx',
    "import type { SyncRecord } from '../engine/simulation/index.ts';",
    VIA_RUN,
  );
  blocked(
    'src/panels/kpis/X.tsx',
    "export type { Kpis } from '../../engine/simulation/index.ts';",
    VIA_RUN,
  );
  blocked('src/app/X.tsx', "import type { Diagnostic } from '../scenario/index.ts';", VIA_RUN);
  blocked('src/store/x.ts', "import { type Diagnostic } from '../scenario/types.ts';", VIA_RUN);
  blocked('src/bridge/x.ts', "import type { Kpis } from '../engine/simulation/index.ts';", VIA_RUN);
  blocked(
    'src/playback/x.ts',
    "import type { SimulationSeries } from '../engine/simulation/index.ts';",
    VIA_RUN,
  );
  blocked(
    'src/explain/x.ts',
    "import type { MetricTrace } from '../engine/controller/index.ts';",
    VIA_RUN,
  );
  allowed('src/playback/x.ts', "import type { SimulationSeries } from '../run/index.ts';");
  allowed('src/explain/x.ts', "import type { MetricTrace } from '../run/index.ts';");
});

describe('the run-time allow-list is exactly the pure helpers it names', () => {
  allowed(
    'src/explain/x.ts',
    "import { decidingMetric } from '../engine/simulation/decisionSeries.ts';",
  );
  allowed(
    'src/panels/editor/x.ts',
    "import { hpaSchema } from '../../scenario/schema/hpaSchema.ts';",
  );
  allowed(
    'src/panels/editor/x.ts',
    "import { simulationSchema } from '../../scenario/schema/simulationSchema.ts';",
  );
  blocked(
    'src/panels/editor/x.ts',
    "import { validateAgainstSchema } from '../../scenario/schema/validate.ts';",
    VIA_RUN,
  );
  blocked(
    'src/explain/x.ts',
    "import { decisionSeries } from '../engine/simulation/decisionSeries.tsx';",
    VIA_RUN,
  );
});

describe('components reach the store through hooks', () => {
  blocked('src/app/X.tsx', "import { getStore } from '../store/index.ts';", HOOKS);
  blocked('src/panels/explain/X.tsx', "import { initStore } from '../../store/current.ts';", HOOKS);
  blocked('src/charts/X.tsx', "import { getStore } from '../store';", HOOKS);
  allowed('src/app/X.tsx', "import { useActions, useScenarioText } from '../store/index.ts';");
});

describe('dependencies point one way', () => {
  blocked(
    'src/charts/X.tsx',
    "import { ExplainPanel } from '../panels/explain/index.ts';",
    ONE_WAY,
  );
  blocked(
    'src/panels/kpis/X.tsx',
    "import { SimulationCharts } from '../../charts/index.ts';",
    ONE_WAY,
  );
  blocked('src/charts/X.tsx', "import { App } from '../app/App.tsx';", ONE_WAY);
  blocked(
    'src/explain/x.ts',
    "import { buildChartData } from '../charts/buildChartData.ts';",
    ONE_WAY,
  );
  blocked('src/format/x.ts', "import { useState } from 'react';", /No UI packages/);
  blocked('src/store/x.ts', "import { Toolbar } from '../app/Toolbar.tsx';", ONE_WAY);
  blocked('src/bridge/x.ts', "import { getStore } from '../store/index.ts';", ONE_WAY);
  blocked('src/share/x.ts', "import { useTheme } from '../store/hooks.ts';", ONE_WAY);
  allowed('src/charts/X.tsx', "import { stabilizationModel } from '../explain/stabilization.ts';");
  blocked('src/plot/x.ts', "import { Plot } from '../charts/Plot.tsx';", ONE_WAY);
  blocked('src/plot/x.ts', "import { useSelectedSync } from '../store/index.ts';", ONE_WAY);
  blocked('src/format/x.ts', "import { timeAxis } from '../plot/ticks.ts';", ONE_WAY);
  allowed('src/panels/clusters/X.tsx', "import { linePath } from '../../plot/geometry.ts';");
  allowed('src/plot/x.ts', "import { formatElapsed } from '../format/timeAxis.ts';");
  allowed('src/panels/kpis/x.ts', "import { formatDuration } from '../../format/timeAxis.ts';");
});

describe('the simulator side imports no UI', () => {
  blocked('src/worker/x.ts', "import { createElement } from 'react';", /No UI packages/);
  blocked('src/worker/x.ts', "import { getStore } from '../store/index.ts';", ONE_WAY);
  blocked('src/run/x.ts', "import { describeHpa } from '../explain/describe.ts';", ONE_WAY);
  blocked('src/cli/x.ts', "import { formatNumber } from '../format/format.ts';", ONE_WAY);
  blocked(
    'src/conformance/x.ts',
    "import { createStore } from 'zustand/vanilla';",
    /No UI packages/,
  );
  allowed('src/worker/x.ts', "import { simulate } from '../engine/simulation/index.ts';");
  blocked('src/worker/x.ts', "import { createWorkerPool } from '../bridge/pool.ts';", ONE_WAY);
  // The CLI reaches its worker threads through the bridge's pool, like the page; never the UI.
  allowed('src/cli/x.ts', "import { createWorkerPool } from '../bridge/pool.ts';");
  blocked('src/cli/x.ts', "import { getStore } from '../store/index.ts';", ONE_WAY);
});

describe('the engine and the scenario layer import nothing above them', () => {
  blocked('src/engine/simulation/x.ts', "import { useState } from 'react';", /engine is pure/);
  blocked('src/scenario/x.ts', "import { readFileSync } from 'node:fs';", /no Node built-ins/);
  blocked(
    'src/engine/controller/x.ts',
    "import type { SyncDetail } from '../../worker/protocol.ts';",
    ONE_WAY,
  );
  blocked('src/scenario/x.ts', "import { runScenario } from '../run/index.ts';", ONE_WAY);
  blocked(
    'src/engine/simulation/x.ts',
    "import { formatNumber } from '../../format/format.ts';",
    ONE_WAY,
  );
});

describe('tests, test helpers and dev harness pages may run the engine', () => {
  allowed('src/charts/x.test.ts', "import { simulate } from '../engine/simulation/index.ts';");
  allowed(
    'src/explain/testing/x.ts',
    "import { simulate } from '../../engine/simulation/index.ts';",
  );
  allowed('src/charts/harness/x.ts', "import { parseScenario } from '../../scenario/index.ts';");
});

describe('the policy search is pure and sits below the worker and the CLI', () => {
  blocked('src/tune/x.ts', "import { Worker } from 'node:worker_threads';", /no Node built-ins/);
  blocked('src/tune/x.ts', "import { main } from '../cli/main.ts';", ONE_WAY);
  blocked('src/tune/x.ts', "import { createSimulatorApi } from '../worker/api.ts';", ONE_WAY);
  allowed('src/tune/x.ts', "import { executeRun } from '../run/index.ts';");
});

// `npm run lint` also runs dpdm over src/ (package.json lint:cycles): no two files import each
// other, even through a type-only import or an import() — the knot main.ts ↔ mcp/server.ts was
// one of those. This proves the tool sees both kinds.
describe('import circles', () => {
  const dpdm = resolve(root, 'node_modules/.bin/dpdm');
  const circles = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = spawnSync(dpdm, ['--no-warning', '--no-tree', '--exit-code', 'circular:1', '*.ts'], {
      cwd: dir,
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true, force: true });
    return r.status;
  };
  it('fails on a type-only import that closes a circle', () => {
    expect(
      circles({
        'a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
        'b.ts': "import { a } from './a.ts';\nexport type B = number;\nexport const b = a;\n",
      }),
    ).toBe(1);
  });
  it('fails on an import() that closes a circle', () => {
    expect(
      circles({
        'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'b.ts': "export const b = async () => (await import('./a.ts')).a;\n",
      }),
    ).toBe(1);
  });
  it('passes the same files without the circle', () => {
    expect(
      circles({
        'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'b.ts': 'export const b = 1;\n',
      }),
    ).toBe(0);
  });
});
