#!/usr/bin/env node
// `npm run bench`: bundle bench/run.ts the way the app ships code (one ESM bundle, no dev
// helpers) and run it, so the figures reflect production code rather than a dev transpiler.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'reports', 'bench');
mkdirSync(outDir, { recursive: true });
const outfile = path.join(outDir, 'bench.mjs');
await build({
  entryPoints: [path.join(root, 'bench', 'run.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'error',
  // The scenario parser's yaml package is CommonJS and requires Node built-ins.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
// Re-run under --expose-gc so memory figures measure what a result keeps alive.
const { spawnSync } = await import('node:child_process');
const r = spawnSync(process.execPath, ['--expose-gc', outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, HPA_SIM_ROOT: root },
});
process.exitCode = r.status ?? 1;
