// `npm run build:cli`: the installable command, one file (dist-cli/hpa-sim.mjs) with every
// dependency inside, so `npm install` of the packed tarball fetches nothing and start-up reads one
// file. The same file is the entry of `tune`'s worker threads (bin.ts branches on isMainThread).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist-cli', 'hpa-sim.mjs');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// Under tsx the pool starts src/cli/tuneWorker.ts; in the bundle there is no such file, and the
// bundle itself is the worker's entry. Rewritten here so the source keeps working under tsx.
const WORKER_URL = /new URL\(\s*['"]\.\/tuneWorker\.ts['"]\s*,\s*import\.meta\.url\s*\)/;
const workerUrlIsBundle = {
  name: 'tune-worker-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]cli[\\/]tunePool\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!WORKER_URL.test(text))
        throw new Error(
          "tunePool.ts no longer names new URL('./tuneWorker.ts', import.meta.url): update scripts/buildCli.mjs",
        );
      return { contents: text.replace(WORKER_URL, 'new URL(import.meta.url)'), loader: 'ts' };
    });
  },
};

rmSync(path.dirname(outfile), { recursive: true, force: true });
const sourcemap = process.env.HPA_SIM_SOURCEMAP === '1';
await build({
  entryPoints: [path.join(root, 'src', 'cli', 'bin.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  // Names kept: a rare internal error still names the function it came from.
  keepNames: false,
  legalComments: 'linked',
  sourcemap: sourcemap ? 'linked' : false,
  outfile,
  logLevel: 'error',
  define: { __HPA_SIM_VERSION__: JSON.stringify(pkg.version) },
  plugins: [workerUrlIsBundle],
  // CommonJS dependencies (yaml, the report writers) require Node built-ins.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __hpaSimRequire } from 'node:module'; const require = __hpaSimRequire(import.meta.url);",
  },
});
console.log(`built ${path.relative(root, outfile)}`);
