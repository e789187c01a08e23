// The presets' texts by id (`default`, `multicluster/failover`), read from src/presets/. The
// bundle (scripts/buildCli.mjs) replaces this module with the texts inlined, as the app's
// catalog has them bundled by Vite.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function presetFiles(): Record<string, string> {
  const root = fileURLToPath(new URL('../../presets/', import.meta.url));
  const out: Record<string, string> = {};
  for (const sub of ['', 'multicluster/'])
    for (const f of readdirSync(root + sub).sort())
      if (f.endsWith('.yaml')) out[sub + f.slice(0, -5)] = readFileSync(root + sub + f, 'utf8');
  return out;
}
