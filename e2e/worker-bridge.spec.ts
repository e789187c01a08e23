import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { build } from 'vite';
import type { BridgeTestGlobal } from '../src/bridge/testPageApi.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The simulator bridge with the real Worker in Chromium: e2e/pages/bridge.html drives
 * src/bridge/testPage.ts through `window.bridgeTest`.
 *
 * The test page is built here, by Vite's own worker bundling, into a temporary folder, and served
 * on the app's origin under /__bridge-test__/ by request interception. So it is never part of the
 * app's build (no extra rollup input that could reshape the app's chunks) and needs no change to
 * vite.config.ts.
 */
const PREFIX = '/__bridge-test__/';
const root = resolve(import.meta.dirname, '..');
let outDir = '';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.map': 'application/json',
};

/** The test page's client counts: statuses, workers made, main-thread loads. */
const bridgeState = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as BridgeTestGlobal).bridgeTest.state());

/** The client comes to `workersCreated` workers (a spare may come later), none failed. */
const settlesTo = (page: Page, workersCreated: number) =>
  expect
    .poll(() => bridgeState(page))
    .toEqual({ statuses: [], workersCreated, mainThreadLoads: 0 });

test.describe.configure({ mode: 'default' }); // one build per worker process, tests in order

test.beforeAll(async () => {
  test.setTimeout(120_000);
  outDir = mkdtempSync(join(tmpdir(), 'hpa-sim-bridge-page-'));
  await build({
    configFile: false,
    root,
    base: PREFIX,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: { input: join(root, 'e2e/pages/bridge.html') },
    },
    worker: { format: 'es' },
  });
});

test.afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test.beforeEach(async ({ context, baseURL, page }) => {
  const origin = new URL(baseURL!).origin;
  await context.route(`${origin}${PREFIX}**`, (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname.slice(PREFIX.length));
    const file = normalize(join(outDir, path));
    if (!file.startsWith(outDir + sep)) return route.fulfill({ status: 403 });
    try {
      const body = readFileSync(file);
      return route.fulfill({
        body,
        contentType: TYPES[extname(file)] ?? 'application/octet-stream',
        // Cross-origin isolated, as vite.config.ts serves the app: workers get a stop signal.
        // A page asked for with `?plain` is not (a host without the headers).
        headers: new URL(route.request().url()).searchParams.has('plain')
          ? {}
          : {
              'Cross-Origin-Opener-Policy': 'same-origin',
              'Cross-Origin-Embedder-Policy': 'require-corp',
            },
      });
    } catch {
      return route.fulfill({ status: 404, body: `not built: ${path}` });
    }
  });
  await page.goto(`${PREFIX}e2e/pages/bridge.html`);
  await page.waitForFunction(() => 'bridgeTest' in globalThis);
});

test('runs a preset in the worker and returns its series as typed arrays', async ({ page }) => {
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    t.setup('real');
    const reply = await t.run(t.defaultPreset);
    const last = await t.getSync(5760);
    const csv = await t.exportCsv();
    return { reply, last, csvLines: csv?.trimEnd().split('\n').length, state: t.state() };
  });
  expect(out.reply).toMatchObject({
    parseOk: true,
    error: null,
    name: 'default',
    syncs: 5761,
    timeIsFloat64Array: true,
    rescaledIsUint8Array: true,
    ratios: [5761],
  });
  expect(out.last).toMatchObject({ index: 5760, time: 86_400 });
  expect(out.csvLines).toBe(5762);
  // The first worker, and a spare once the first worker has warmed up (it warms itself: the page
  // is cross-origin isolated).
  expect(out.state.statuses).toEqual([]);
  await settlesTo(page, 2);
});

test('latest run wins: superseded runs resolve null, the last one answers', async ({ page }) => {
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    t.setup('real');
    const named = (n: string) => t.defaultPreset.replace('name: default', `name: ${n}`);
    return t.runAll([named('one'), named('two'), named('three')]);
  });
  expect(out[0]).toBeNull();
  expect(out[1]).toBeNull();
  expect(out[2]).toMatchObject({ name: 'three', syncs: 5761 });
});

test('a long run is stopped through its stop signal; the newer run goes to the same worker', async ({
  page,
}) => {
  // Served cross-origin isolated (vite.config.ts): workers get a stop signal, so the interrupted
  // run stops at its next sync and its worker, warm, runs the newer one (src/bridge/client.ts).
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    // A long wait for the stop: on a loaded machine the interrupt may come during the long
    // scenario's parse (it reads no signal); the worker must be kept all the same.
    t.setup('real', 20_000, 10_000);
    // Runs to their end make the worker warm (the client keeps only a warm one).
    for (let i = 0; i < 3; i++) await t.run(t.defaultPreset);
    const [long, short] = await t.runThenReplace(t.longScenario, t.defaultPreset, 150);
    return { long, short, state: t.state(), cancelled: t.cancelledReplies() };
  });
  expect(out.long).toBeNull();
  expect(out.short).toMatchObject({ name: 'default', syncs: 5761 });
  // The long run answered 'cancelled' (it stopped: it would take seconds to finish; a terminated
  // worker never answers) before the newer run's reply; no worker was replaced: the first one and
  // at most the spare, which comes once the first has warmed up.
  expect(out.cancelled).toBe(1);
  expect(out.state.statuses).toEqual([]);
  expect(out.state.workersCreated).toBeLessThanOrEqual(2);
  await settlesTo(page, 2);
});

test('without shared memory a long run is interrupted; the newer run goes to the warm spare', async ({
  page,
}) => {
  // A host without the isolation headers: no stop signal, so the worker is terminated.
  await page.goto(`${PREFIX}e2e/pages/bridge.html?plain`);
  await page.waitForFunction(() => 'bridgeTest' in globalThis);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    t.setup('real');
    await t.run(t.defaultPreset); // the worker is loaded and warm; a spare warms up
    const before = t.state().workersCreated;
    const [long, short] = await t.runThenReplace(t.longScenario, t.defaultPreset, 150);
    return { long, short, before, state: t.state() };
  });
  expect(out.long).toBeNull();
  expect(out.short).toMatchObject({ name: 'default', syncs: 5761 });
  expect(out.before).toBe(2);
  // The interrupted worker was replaced by the spare, and a new spare started behind it: at
  // once when the spare was warm, else after the pool's pause without a run (a loaded machine).
  expect(out.state.statuses).toEqual([]);
  await settlesTo(page, 3);
});

test("a spare's warm-up run gives way to the real run when the spare is taken", async ({
  page,
}) => {
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const out = await page.evaluate(() =>
    (globalThis as unknown as BridgeTestGlobal).bridgeTest.warmUpGivesWay(),
  );
  // The warm-up (seconds of work) stopped at its next sync; without the flag it runs to its end.
  expect(out.warmUpError).toBe('cancelled');
  expect(out.real).toMatchObject({ name: 'default', error: null, syncs: 5761 });
});

test('a crashed worker is restarted and reported; the run still answers', async ({ page }) => {
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    t.setup('crash-first');
    return { reply: await t.run(t.defaultPreset), state: t.state() };
  });
  expect(out.reply).toMatchObject({ name: 'default', syncs: 5761 });
  // crashed, its replacement, then the spare (once the replacement has warmed up)
  await expect.poll(async () => (await bridgeState(page)).workersCreated).toBe(3);
  expect(out.state.statuses).toEqual([
    { kind: 'restarted', message: expect.stringMatching(/stopped unexpectedly.*restarted/) },
  ]);
});

test('a hung worker is restarted with a "too costly" message, never run on the page', async ({
  page,
}) => {
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    t.setup('hang', 300);
    const hung = [];
    for (let i = 0; i < 4; i++) hung.push(await t.run(t.defaultPreset));
    return { hung, state: t.state() };
  });
  for (const outcome of out.hung) {
    expect(outcome).toEqual({ rejected: expect.stringMatching(/within 0\.3 s: .*too costly/) });
  }
  expect(out.state.statuses.map((s) => s.kind)).toEqual(Array(4).fill('restarted'));
  expect(out.state.mainThreadLoads).toBe(0);
  expect(out.state.workersCreated).toBe(5); // each hung worker replaced, the last one idle
});

test('workers that never start fall back to the main thread', async ({ page }) => {
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    t.setup('always-crash');
    const first = await t.run(t.defaultPreset); // crashes twice: fails
    const second = await t.run(t.defaultPreset); // third crash before starting: main thread
    return { first, second, state: t.state() };
  });
  expect(out.first).toMatchObject({ rejected: expect.stringMatching(/could not start/) });
  expect(out.second).toMatchObject({ name: 'default', syncs: 5761, timeIsFloat64Array: true });
  expect(out.state.statuses.map((s) => s.kind)).toEqual(['restarted', 'restarted', 'fallback']);
  expect(out.state.mainThreadLoads).toBe(1);
});

test('a search runs on the simulator worker; a worker that dies is replaced and the search goes on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const out = await page.evaluate(async () => {
    const t = (globalThis as unknown as BridgeTestGlobal).bridgeTest;
    // Three hours of the default scenario: a candidate is a quick run.
    const short = t.defaultPreset.replace('duration: 24h', 'duration: 3h');
    return {
      real: await t.search(short, 8, 'real'),
      crash: await t.search(short, 8, 'second-crashes'),
    };
  });
  expect(out.real).toMatchObject({
    candidates: 8,
    evaluated: 8,
    errors: [],
    incidents: [],
    workersCreated: 2,
  });
  // The crashed worker's first candidate is run again on its replacement: every candidate
  // answers, and the loss is one plain sentence naming the candidate.
  expect(out.crash).toMatchObject({ candidates: 8, evaluated: 8, errors: [], workersCreated: 3 });
  expect(out.crash.incidents).toEqual([
    expect.stringMatching(
      /^candidate \d+: the simulator stopped while running it \(.+\); it was restarted and runs the candidate again$/,
    ),
  ]);
});
