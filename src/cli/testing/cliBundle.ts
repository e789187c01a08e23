// The installable bundle for tests that run the command as a user does (MCP over stdio, the
// packed tarball): built once per change of the sources, whichever test asks first, into
// reports/cli-bundle/<hash>/ (a lock folder keeps parallel test files from building it twice).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** A fingerprint of everything the bundle is built from: sources, lockfile, build script. */
function fingerprint(): string {
  const h = createHash('sha256');
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const p = join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (!e.name.includes('.test.')) {
        const st = statSync(p);
        h.update(`${p}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  visit(join(ROOT, 'src'));
  for (const f of ['package.json', 'package-lock.json', 'scripts/buildCli.mjs']) {
    const st = statSync(join(ROOT, f));
    h.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

export async function cliBundle(): Promise<string> {
  const dir = join(ROOT, 'reports', 'cli-bundle', fingerprint());
  const file = join(dir, 'hpa-sim.mjs');
  const lock = `${dir}.lock`;
  mkdirSync(join(ROOT, 'reports', 'cli-bundle'), { recursive: true });
  for (let i = 0; i < 600 && !existsSync(file); i++) {
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const { buildCli } = (await import(join(ROOT, 'scripts', 'buildCli.mjs'))) as {
        buildCli: (out: string) => Promise<string>;
      };
      await buildCli(join(dir, 'build', 'hpa-sim.mjs'));
      // Moved into place whole, so a reader never sees half a bundle.
      // Its licence notices first (esbuild writes them beside the bundle), so a reader that
      // sees the bundle sees them too: the packed tarball ships both.
      const legal = join(dir, 'build', 'hpa-sim.mjs.LEGAL.txt');
      if (existsSync(legal)) renameSync(legal, `${file}.LEGAL.txt`);
      renameSync(join(dir, 'build', 'hpa-sim.mjs'), file);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  if (!existsSync(file)) throw new Error('the CLI bundle was not built within 60 s');
  return file;
}
