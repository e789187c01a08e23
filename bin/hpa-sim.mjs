#!/usr/bin/env node
// The installed command: runs the bundle (dist-cli/hpa-sim.mjs, made by `npm run build:cli` or
// `npm run build`, and by `npm pack`). A launcher that always exists, so `npx hpa-sim` in a fresh
// clone says what to do instead of npm linking a bin that is not there yet.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist-cli/hpa-sim.mjs', import.meta.url);
if (existsSync(bundle)) await import(bundle.href);
else {
  process.stderr.write(
    'hpa-sim: dist-cli/hpa-sim.mjs is missing: build it first with npm run build:cli\n',
  );
  process.exitCode = 2;
}
