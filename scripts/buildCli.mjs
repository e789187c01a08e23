// `npm run build:cli` (and `npm run build`, `npm pack`): the installable command, one file
// (dist-cli/hpa-sim.mjs) with every dependency inside, so installing the packed tarball fetches
// nothing and start-up reads one file. The same file is the entry of `tune`'s worker threads
// (bin.ts branches on isMainThread). HPA_SIM_SOURCEMAP=1 writes a source map beside it.
import { build } from 'esbuild';
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Under tsx `tune`'s pool starts src/cli/simulatorThread.ts; in the bundle there is no such file,
// and the bundle itself is the thread's entry (bin.ts). Rewritten here so the source keeps working
// under tsx.
const WORKER_URL = /new URL\(\s*['"]\.\/simulatorThread\.ts['"]\s*,\s*import\.meta\.url\s*\)/;
const workerUrlIsBundle = {
  name: 'tune-worker-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]cli[\\/]threads\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!WORKER_URL.test(text))
        throw new Error(
          "threads.ts no longer names new URL('./simulatorThread.ts', import.meta.url): update scripts/buildCli.mjs",
        );
      return { contents: text.replace(WORKER_URL, 'new URL(import.meta.url)'), loader: 'ts' };
    });
  },
};

// The MCP server's presets: read from src/presets/ under tsx, inlined here (Vite does the same
// for the app's gallery).
const presetsInlined = {
  name: 'presets-inlined',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]cli[\\/]mcp[\\/]presetFiles\.ts$/ }, () => {
      const dir = path.join(root, 'src', 'presets');
      const files = {};
      for (const sub of ['', 'multicluster/'])
        for (const f of readdirSync(path.join(dir, sub)).sort())
          if (f.endsWith('.yaml'))
            files[sub + f.slice(0, -5)] = readFileSync(path.join(dir, sub, f), 'utf8');
      return {
        contents: `export function presetFiles() { return ${JSON.stringify(files)}; }`,
        loader: 'js',
      };
    });
  },
};

export async function buildCli(outfile = path.join(root, 'dist-cli', 'hpa-sim.mjs')) {
  rmSync(path.dirname(outfile), { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'src', 'cli', 'bin.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'linked',
    sourcemap: process.env.HPA_SIM_SOURCEMAP === '1' ? 'linked' : false,
    outfile,
    logLevel: 'error',
    plugins: [workerUrlIsBundle, presetsInlined],
    // CommonJS dependencies (yaml, the report writers) require Node built-ins.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __hpaSimRequire } from 'node:module'; const require = __hpaSimRequire(import.meta.url);",
    },
  });
  chmodSync(outfile, 0o755);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildCli();
  console.log(`built ${path.relative(root, out)}`);
}
