#!/usr/bin/env node
// `npm run bench:worst`: bundle bench/worst.ts as the app ships code and run it (see that file).
import { spawnSync } from 'node:child_process';
import { bundleForNode } from './bundleForNode.mjs';

const outfile = await bundleForNode('bench/worst.ts', 'worst.mjs');
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = r.status ?? 1;
