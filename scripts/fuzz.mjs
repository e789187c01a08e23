#!/usr/bin/env node
// `npm run fuzz`: bundle tests/fuzz/run.ts as the app ships code and run it (see that file).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'reports', 'fuzz');
mkdirSync(outDir, { recursive: true });
const outfile = path.join(outDir, 'fuzz.mjs');
await build({
  entryPoints: [path.join(root, 'tests', 'fuzz', 'run.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'error',
  // The YAML parser's CommonJS build requires Node built-ins; give the ESM bundle a require.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
// --expose-gc: an input's memory is judged after the garbage of earlier ones is collected.
// --max-semi-space-size: the parsers allocate many short-lived objects; a larger young generation
// collects them in fewer scavenges (GC was a fifth of the run's CPU with the default).
const flags = ['--expose-gc', '--max-semi-space-size=32'];
const r = spawnSync(process.execPath, [...flags, outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exitCode = r.status ?? 1;
