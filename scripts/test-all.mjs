#!/usr/bin/env node
// Runs every test suite and prints ONE closing line that CI reads:
//
//   tests: N passed, M failed[, K skipped]
//
// 1. vitest run   (unit/conformance; JSON report -> reports/vitest.json)
// 2. playwright test (e2e against the built app; JSON report -> reports/playwright.json)
//
// Both runners always run (a failing unit suite does not hide the e2e result). The counts come
// from the JSON reports. A test file that failed to load, a global runner error (e.g. the web
// server did not start), a runner that crashed without writing its report, or a runner that
// exited non-zero without reporting a failed test each count as one failure.
//
// Exit code: 0 only if every runner exited 0, no test failed, and at least one test passed.
//
// Flags: --unit-only, --e2e-only. Env: TEST_ALL_TIMEOUT_MIN (per runner, default 40).

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = path.join(root, 'reports');
const binDir = path.join(root, 'node_modules', '.bin');
const timeoutMin = Number(process.env.TEST_ALL_TIMEOUT_MIN ?? 40);

const log = (msg) => console.log(`[test-all] ${msg}`);

// Every process this script starts inherits this marker, so anything a runner left behind
// (e.g. Playwright's web server, which lives in its own process group, if Playwright itself
// crashed) can be found afterwards and stopped, without touching anyone else's processes.
const MARKER_KEY = 'HPA_SIM_TEST_ALL_RUN';
const MARKER = `${MARKER_KEY}=${randomUUID()}`;
let interrupted = null; // set to the signal name on Ctrl-C / SIGTERM: later runners are skipped

/** PIDs (other than ours) whose environment carries MARKER. Linux /proc only. */
function markedPids() {
  const pids = [];
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (env.split('\0').includes(MARKER)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

async function reapStragglers(name) {
  let pids = markedPids();
  if (pids.length === 0) return;
  log(`${name} left ${pids.length} process(es) running: stopping them`);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  for (let i = 0; i < 20 && pids.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 250));
    pids = markedPids();
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function parseArgs(argv) {
  const opts = { unit: true, e2e: true };
  for (const arg of argv) {
    if (arg === '--unit-only') opts.e2e = false;
    else if (arg === '--e2e-only') opts.unit = false;
    else if (arg === '-h' || arg === '--help') {
      console.log('usage: node scripts/test-all.mjs [--unit-only | --e2e-only]');
      process.exit(0);
    } else {
      console.error(`test-all: unknown argument ${JSON.stringify(arg)}`);
      console.error('usage: node scripts/test-all.mjs [--unit-only | --e2e-only]');
      process.exit(2);
    }
  }
  if (!opts.unit && !opts.e2e) {
    console.error('test-all: --unit-only and --e2e-only are mutually exclusive');
    process.exit(2);
  }
  return opts;
}

/** Runs a command with inherited stdio; resolves to { code, signal, error, timedOut }. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    let timedOut = false;
    // Own process group, so a timeout can stop the runner and whatever it started
    // (Playwright's web server, vitest's workers).
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env, [MARKER_KEY]: MARKER.slice(MARKER_KEY.length + 1) },
      detached: true,
    });
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const forward = (signal) => () => {
      interrupted = signal;
      killGroup(signal);
    };
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const timer = setTimeout(() => {
      timedOut = true;
      log(`${path.basename(cmd)} still running after ${timeoutMin} min: stopping it`);
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 15_000).unref();
    }, timeoutMin * 60_000);
    const done = async (result) => {
      clearTimeout(timer);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      await reapStragglers(path.basename(cmd));
      resolve({ timedOut, ...result });
    };
    child.on('error', (error) => done({ code: null, signal: null, error }));
    child.on('exit', (code, signal) => {
      // The runner is done; make sure nothing it left in its group lingers (e.g. a web server).
      killGroup('SIGTERM');
      done({ code, signal, error: null });
    });
  });
}

function readJson(file) {
  if (!existsSync(file)) return { data: null, why: 'it wrote no report' };
  try {
    return { data: JSON.parse(readFileSync(file, 'utf8')), why: '' };
  } catch (e) {
    return { data: null, why: `its report is unreadable (${e.message})` };
  }
}

function describeExit(r) {
  if (r.error) return `could not start (${r.error.message})`;
  if (r.timedOut) return `timed out after ${timeoutMin} min`;
  if (r.signal) return `was killed by ${r.signal}`;
  return `exited with code ${r.code}`;
}

/** Common tail: turn a runner's exit + counts into a result with problems listed. */
function finish(name, r, counts, problems) {
  const exitedOk = !r.error && !r.timedOut && !r.signal && r.code === 0;
  if (!exitedOk && counts.failed === 0) {
    counts.failed += 1;
    problems.push(`${name} ${describeExit(r)} without reporting a failed test`);
  } else if (!exitedOk) {
    problems.push(`${name} ${describeExit(r)}`);
  }
  log(
    `${name}: passed=${counts.passed} failed=${counts.failed} skipped=${counts.skipped} ` +
      `(${describeExit(r)})`,
  );
  return { name, ok: exitedOk && counts.failed === 0, ...counts, problems };
}

async function runVitest() {
  const name = 'vitest';
  const report = path.join(reportsDir, 'vitest.json');
  rmSync(report, { force: true });
  const bin = path.join(binDir, 'vitest');
  log('running unit tests: vitest run');
  const r = existsSync(bin)
    ? await run(bin, [
        'run',
        // No unit test files yet is not an error here: the overall N==0 check covers it.
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ])
    : { code: null, signal: null, error: new Error(`${bin} not found: run npm ci`) };

  const counts = { passed: 0, failed: 0, skipped: 0 };
  const problems = [];
  const { data, why } = readJson(report);
  if (!data) {
    counts.failed += 1;
    problems.push(`vitest crashed: ${why} (${describeExit(r)})`);
    log(`vitest: no results: ${why} (${describeExit(r)})`);
    return { name, ok: false, ...counts, problems };
  }
  counts.passed = data.numPassedTests ?? 0;
  counts.failed = data.numFailedTests ?? 0;
  counts.skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  // A test file that failed to import/collect has no failed assertion of its own.
  for (const file of data.testResults ?? []) {
    const anyFailedTest = (file.assertionResults ?? []).some((a) => a.status === 'failed');
    if (file.status === 'failed' && !anyFailedTest) {
      counts.failed += 1;
      const rel = path.relative(root, file.name ?? '?');
      const msg = String(file.message ?? '').split('\n')[0];
      problems.push(`vitest: ${rel} failed to run${msg ? `: ${msg}` : ''}`);
    }
  }
  return finish(name, r, counts, problems);
}

async function runPlaywright() {
  const name = 'playwright';
  const report = path.join(reportsDir, 'playwright.json');
  rmSync(report, { force: true });
  const bin = path.join(binDir, 'playwright');
  log('running end-to-end tests: playwright test');
  const r = existsSync(bin)
    ? await run(bin, ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: report })
    : { code: null, signal: null, error: new Error(`${bin} not found: run npm ci`) };

  const counts = { passed: 0, failed: 0, skipped: 0 };
  const problems = [];
  const { data, why } = readJson(report);
  if (!data) {
    counts.failed += 1;
    problems.push(`playwright crashed: ${why} (${describeExit(r)})`);
    log(`playwright: no results: ${why} (${describeExit(r)})`);
    return { name, ok: false, ...counts, problems };
  }
  const stats = data.stats ?? {};
  counts.passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed = stats.unexpected ?? 0;
  counts.skipped = stats.skipped ?? 0;
  if ((stats.flaky ?? 0) > 0)
    problems.push(`playwright: ${stats.flaky} flaky test(s) passed on retry`);
  // Errors outside any test: web server failed to start, a spec file failed to load, ...
  for (const err of data.errors ?? []) {
    counts.failed += 1;
    const msg = String(err.message ?? err.value ?? 'unknown error').split('\n')[0];
    problems.push(`playwright: global error: ${msg}`);
  }
  return finish(name, r, counts, problems);
}

const opts = parseArgs(process.argv.slice(2));
mkdirSync(reportsDir, { recursive: true });

const results = [];
if (opts.unit) results.push(await runVitest());
if (opts.e2e && !interrupted) results.push(await runPlaywright());

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
const problems = results.flatMap((r) => r.problems);
if (passed + failed === 0) problems.push('no test ran');
if (interrupted) problems.push(`interrupted by ${interrupted}`);

for (const p of problems) log(`! ${p}`);
const ok = !interrupted && results.every((r) => r.ok) && failed === 0 && passed > 0;
log(ok ? 'OK' : 'FAILED');
console.log(
  `tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
);
process.exitCode = ok ? 0 : 1;
