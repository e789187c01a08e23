// A commit's sources beside this checkout's node_modules, in a temporary folder: what
// bench:compare and bench:icount bundle REF's bench/compareEntry.ts from. REF's lockfile may
// differ from this checkout's: its tree is built with this one's packages (noted, not fixed).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../scripts/bundleForNode.mjs';

/**
 * REF's `src` and `bench` extracted into a new temporary folder (the caller removes it), and the
 * path of its bench/compareEntry.ts: this checkout's when REF has none, or one that does not know
 * every scenario in `names` (an older REF; the entry imports only what every REF has).
 */
export function refTree(ref, prefix, names) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  execFileSync('git', ['archive', '-o', path.join(dir, 'ref.tar'), ref, 'src', 'bench'], {
    cwd: root,
  });
  execFileSync('tar', ['-x', '-C', dir, '-f', path.join(dir, 'ref.tar')]);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const entry = path.join(dir, 'bench', 'compareEntry.ts');
  const knows = (n) => readFileSync(entry, 'utf8').includes(`'${n}'`);
  if (!existsSync(entry) || !names.every(knows))
    execFileSync('cp', [path.join(root, 'bench', 'compareEntry.ts'), entry]);
  return { dir, entry };
}
