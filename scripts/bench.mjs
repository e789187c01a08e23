#!/usr/bin/env node
// `npm run bench`: bundle bench/run.ts the way the app ships code (one ESM bundle, no dev
// helpers) and run it, so the figures reflect production code rather than a dev transpiler.
import { bundleForNode, root } from './bundleForNode.mjs';

const outfile = await bundleForNode('bench/run.ts', 'bench.mjs');
// `cli tune`'s simulator thread, for the search's all-cores figure (bench/search.ts).
await bundleForNode('src/cli/simulatorThread.ts', 'simulatorThread.mjs');
// Re-run under --expose-gc so memory figures measure what a result keeps alive.
const { spawnSync } = await import('node:child_process');
const r = spawnSync(process.execPath, ['--expose-gc', outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, HPA_SIM_ROOT: root },
});
process.exitCode = r.status ?? 1;
