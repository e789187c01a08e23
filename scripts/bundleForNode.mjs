// Bundles a bench entry the way the app ships code (one ESM bundle, no dev transpiler), into
// reports/bench/, and returns the bundle's path. Shared by `npm run bench` and `bench:worst`;
// `bundleFile` (any entry to any file) by bench:compare and bench:icount, which bundle a REF's tree too.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function bundleForNode(entry, outName) {
  const outDir = path.join(root, 'reports', 'bench');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, outName);
  await bundleFile(path.join(root, entry), outfile);
  return outfile;
}

/** `entry` (a path) bundled into `outfile`, its imports resolved from the tree it sits in. */
export async function bundleFile(entry, outfile) {
  await build({
    entryPoints: [entry],
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
}
