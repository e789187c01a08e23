#!/usr/bin/env node
// `npm run bench:ui [-- --json]`: browser figures for the built app, measured in Debian's Chromium.
// Reported, never asserted: YAML edit → charts repainted (p50/p95, 24 h scenario), fast typing
// (edits 30 ms apart: last edit → repaint, p50/p95, warm spare worker vs cold), curve drag →
// charts repainted (p50/p95, and the worker's own parse and simulate time per drag run), edit and
// drag again once the worker's warm-up runs are done (`.afterWarmUp`), first
// paint, editor ready, the first result's charts painted, and the initial JS (gzip) without
// Monaco. A latency ends at the frame that shows the result, committed ("after next paint": a
// MessageChannel message posted from the next animation frame); the page waits for it with a
// MutationObserver, never a polling loop (which took a core from the worker on a 2-core machine).
// Each latency also has `.doubleRaf`, the old end two frames later, for one release so figures
// stay comparable. Also a fresh worker's first run: the spare's own parse + simulate time when it
// takes over from an interrupted worker (warm as shipped, and cold). BENCH_UI_PORT picks the
// preview port (default 4179).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import chromiumLaunch from '../e2e/chromium.json' with { type: 'json' };
import {
  PROFILE_CATEGORIES,
  phaseLines,
  profileLines,
  STARTUP_CATEGORIES,
  startCpuProfile,
  startupLines,
  startupMarks,
  stopCpuProfile,
  traceBreakdown,
} from './uiProfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const json = process.argv.includes('--json');
const log = (s) => (json ? process.stderr : process.stdout).write(s + '\n');
const PORT = Number(process.env.BENCH_UI_PORT ?? 4179);
// Its own output folder, so a browser suite serving dist/ can run at the same time.
const outDir = path.join(root, 'node_modules/.cache/bench-ui-dist');

const profiling = process.argv.includes('--profile');
/** `--compare … --drag-only`: only the curve drag, 40 moves a side per round. */
const dragOnly = process.argv.includes('--drag-only');

/** `vite build` of the tree at `dir` (its own config) into `out`; the exit status. */
function viteBuild(dir, out) {
  const args = ['build', '--logLevel', 'error', '--outDir', out, '--emptyOutDir'];
  // `--profile`: not minified, so the profile names the functions.
  if (profiling) args.push('--minify', 'false');
  const vite = path.join(dir, 'node_modules/vite/bin/vite.js');
  return spawnSync(process.execPath, [vite, ...args], { cwd: dir, stdio: 'inherit' }).status;
}

const built = viteBuild(root, outDir);
if (built !== 0) process.exit(built ?? 1);

/** The entry script and its static imports, as index.html loads them (Monaco is lazy). */
function initialJsGzip() {
  const dist = outDir;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  // Not the lazy chunks the page merely preloads at low priority (`data-lazy`: the editor).
  // The build writes relative URLs ("./assets/…", for hosting under any path); older ones "/assets/…".
  const files = [...html.matchAll(/<[^>]*(?:src|href)="\.?\/(assets\/[^"]+\.js)"[^>]*>/g)]
    .filter((m) => !m[0].includes('data-lazy'))
    .map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const b = readFileSync(path.join(dist, f));
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  const monaco = readdirSync(path.join(dist, 'assets')).filter(
    (f) => f.startsWith('monaco') && f.endsWith('.js'),
  );
  return { files, rawKB: raw / 1024, gzipKB: gz / 1024, excluded: monaco };
}

/** `vite preview` of `dir` (built by the tree at `cwd`) on `port`, once it answers. */
async function serve(cwd, dir, port) {
  const child = spawn(
    process.execPath,
    [
      path.join(cwd, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      '--outDir',
      dir,
    ],
    { cwd, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { child, url };
}
const servers = [];
const main = await serve(root, outDir, PORT);
servers.push(main.child);
const base = main.url;

/**
 * Installed in every bench page: `__benchSettle(predicate)` waits until `predicate()` holds,
 * checking it at each DOM change (a MutationObserver: no polling loop taking a core from the
 * worker), then resolves `{ paint, doubleRaf }`: `paint` is the usual "after next paint" mark (a
 * MessageChannel message posted from the next animation frame's callback runs once that frame is
 * rendered and committed), `doubleRaf` the end the bench used before (two animation frames later;
 * up to a frame after the paint), kept for one release so figures stay comparable. Both NaN when
 * the page never gets there (30 s: never hangs).
 */
const installSettle = () => {
  window.__benchSettle = (predicate, timeoutMs = 30_000) =>
    new Promise((resolve) => {
      let observer = null;
      let timer = 0;
      const end = () => {
        observer?.disconnect();
        clearTimeout(timer);
        // `dom`: when the page showed the result (React's commit), before its frame is painted.
        const at = { paint: NaN, doubleRaf: NaN, dom: performance.now() };
        const both = () => !Number.isNaN(at.paint) && !Number.isNaN(at.doubleRaf) && resolve(at);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => both((at.paint = performance.now()));
          channel.port2.postMessage(0);
          requestAnimationFrame(() => both((at.doubleRaf = performance.now())));
        });
      };
      if (predicate()) return end();
      observer = new MutationObserver(() => predicate() && end());
      observer.observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      timer = setTimeout(() => {
        observer.disconnect();
        resolve({ paint: NaN, doubleRaf: NaN });
      }, timeoutMs);
    });
};

/**
 * Fast typing, in the page: five edits 30 ms apart (each one starts a run that the next
 * supersedes, and a run busy past 150 ms is interrupted: the next one goes to the spare worker),
 * timed from the last edit to the repaint of its result. The final text alternates between two
 * whose results differ; the intermediate ones differ from both.
 */
const typingBurst = async () => {
  const hook = window.__hpaSimEditor;
  const base = hook.getValue();
  const at = (u) => base.replace('averageUtilization: 60', `averageUtilization: ${u}`);
  const podHours = () => document.querySelector('.kpi-strip .kpi .kpi-value')?.textContent ?? '';
  const upToDate = () =>
    !document.querySelector('.sim-charts.is-stale') &&
    document.querySelector('[aria-label="Simulator status"]')?.textContent === 'up to date';
  const settle = window.__benchSettle;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const finals = [at(55), at(60)];
  const expected = [];
  // Learn what each final text shows: wait for its own result (pod-hours differ between the
  // two), not just "up to date", which can still describe the text before the edit.
  for (const t of finals) {
    const before = podHours();
    hook.setValue(t);
    await settle(() => upToDate() && podHours() !== before);
    expected.push(podHours());
  }
  const out = [];
  for (let i = 0; i < 16; i++) {
    const k = i % 2;
    for (const u of [70, 65, 50, 45]) {
      hook.setValue(at(u + k));
      await sleep(30);
    }
    const t0 = performance.now();
    hook.setValue(finals[k]);
    const t1 = await settle(() => podHours() === expected[k] && upToDate());
    out.push({ paint: t1.paint - t0, doubleRaf: t1.doubleRaf - t0 });
  }
  return out;
};

// Counts the workers a page starts (the first one, spares, replacements).
const countWorkers = () => {
  const W = window.Worker;
  window.__benchWorkers = 0;
  window.Worker = class extends W {
    constructor(...args) {
      super(...args);
      window.__benchWorkers++;
    }
  };
};

// Cold spares: drop the warm-up run the bridge sends a spare (comlink's APPLY of run() with run
// id 0, src/bridge/warmUp.ts), so a replacement worker has loaded the engine but never run it,
// as before the spare was warmed.
const coldSpares = () => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    const m = message;
    if (m && m.type === 'APPLY' && m.path?.[0] === 'run' && m.argumentList?.[0]?.value === 0)
      return;
    return post.call(this, message, ...rest);
  };
};

/**
 * `--profile`: each gesture's critical path. `__benchPhase.start()` before a gesture; the first run
 * posted to a worker after it and the last run reply (with the worker's own parse and simulate
 * times) are marked; `of(t0, settled)` gives them in ms from `t0`, with `__benchSettle`'s `dom`
 * (the page shows the result) and `paint` (its frame painted).
 */
const phaseMarks = () => {
  let marks = null;
  const now = () => performance.now();
  window.__benchPhase = {
    start: () => (marks = { post: NaN, reply: NaN, parseMs: NaN, simulateMs: NaN }),
    of: (t0, at) =>
      marks && {
        post: marks.post - t0,
        parse: marks.parseMs,
        simulate: marks.simulateMs,
        reply: marks.reply - t0,
        dom: at.dom - t0,
        paint: at.paint - t0,
      },
  };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (marks && Number.isNaN(marks.post) && m?.type === 'APPLY' && m.path?.[0] === 'run')
      marks.post = now();
    return post.call(this, m, ...rest);
  };
  const add = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    const spy = (e) => {
      const v = e.data?.value;
      if (marks && v?.timings && v.runId > 0) Object.assign(marks, { reply: now(), ...v.timings });
      return typeof listener === 'function' ? listener.call(this, e) : listener.handleEvent(e);
    };
    return add.call(this, type, spy, options);
  };
};

/**
 * Init script: counts the page's warm-up runs (run id 0, src/bridge/warmUp.ts) posted to its
 * workers and answered, for `afterWarmUp`.
 */
const countWarmUps = () => {
  const w = (window.__benchWarmUps = { posted: 0, answered: 0, at: 0 });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) {
    if (m?.type === 'APPLY' && m.path?.[0] === 'run' && m.argumentList?.[0]?.value === 0) {
      w.posted++;
      w.at = performance.now();
    }
    return post.call(this, m, ...rest);
  };
  const add = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    const spy = (e) => {
      if (e.data?.value?.runId === 0 && e.data.value.timings) {
        w.answered++;
        w.at = performance.now();
      }
      return typeof listener === 'function' ? listener.call(this, e) : listener.handleEvent(e);
    };
    return add.call(this, type, spy, options);
  };
};

/**
 * Before the gestures of the `.afterWarmUp` figures: the page's worker has done its warm-up
 * runs (a user who read the page a few seconds before editing): some were posted, none is in
 * flight, and none came for 1.5 s (at most 30 s). The plain figures start at once.
 */
const afterWarmUp = {
  init: countWarmUps,
  beforeGesture: (page) =>
    page.waitForFunction(
      () => {
        const w = window.__benchWarmUps;
        return w.posted > 0 && w.answered >= w.posted && performance.now() - w.at > 1500;
      },
      null,
      { timeout: 30_000, polling: 250 },
    ),
};

/**
 * Curve drag → charts repainted (issue 11): the default 24 h scenario with a ramp for traffic;
 * the mouse holds a point and moves between two heights. Each sample runs from the pointer event
 * to the committed frame in which the KPIs show the new run and the status says up to date (the
 * drag sends one text per animation frame, the worker's latest run wins).
 */
/**
 * Init script: `__benchLongEdit(text)`, the default text made a week of traffic summed from 80
 * sines (as e2e's bridge page does): seconds of work, so the next edit interrupts it whatever the
 * machine's load (the client lets a run finish for up to twice the last run's time).
 */
const installLongEdit = () => {
  window.__benchLongEdit = (text) => {
    const sine =
      '        - { type: sine, base: 700, amplitude: 550, periodSeconds: 86400, peakAtSeconds: 54000 }';
    const sines = Array.from(
      { length: 80 },
      (_, k) =>
        `        - { type: sine, base: 6, amplitude: 4, periodSeconds: ${86_400 - k * 60}, peakAtSeconds: 54000 }`,
    ).join('\n');
    return text.replace(/duration: \d+h/, 'duration: 168h').replace(sine, sines);
  };
};

/**
 * The run after an interrupted one (issue 21, "a fresh worker's first run"): on a page whose spare
 * has warmed up (or, `cold`, never ran its warm-up), a long run is interrupted by an edit. Where
 * the interrupted worker is replaced (terminate(), the spare takes over: no stop signal, or a
 * build before the worker was kept) the edit's run is the spare's first real run; where it is
 * stopped through its stop signal and kept, it is that worker's next run. Either way each sample
 * is `[work, next, reply, fresh]`: the edit's run's own parse + simulate time (RunReply.timings,
 * the worker's clock), the same worker's next run of the same scenario (its warm time, for
 * reference), the page's wait for it, the run posted → its reply received (the queue behind a
 * stopping run or a warm-up run, the message, the payload and its transfer too), and whether a
 * worker that had never run a real run answered it. A round whose long run was not interrupted
 * (it finished first) is dropped. Three times per page.
 */
async function freshWorkerFirstRun(browser, cold, side = { url: base }) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(installSettle);
  await ctx.addInitScript(installLongEdit);
  if (cold) await ctx.addInitScript(coldSpares);
  // Every real run's reply (run id > 0), in order: its worker, its id, its error, parse +
  // simulate, and posted → reply.
  await ctx.addInitScript(() => {
    window.__benchReplies = [];
    let workers = 0;
    const idOf = (w) => (w.__benchId ??= ++workers);
    const posted = new Map();
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, ...rest) {
      const runId = m?.type === 'APPLY' && m.path?.[0] === 'run' ? m.argumentList?.[0]?.value : 0;
      if (runId > 0) posted.set(`${idOf(this)}:${runId}`, performance.now());
      return post.call(this, m, ...rest);
    };
    const add = Worker.prototype.addEventListener;
    Worker.prototype.addEventListener = function (type, listener, options) {
      if (type !== 'message') return add.call(this, type, listener, options);
      const id = idOf(this);
      const spy = (e) => {
        const v = e.data?.value;
        if (v?.timings && v.runId > 0 && !e.__benchSeen) {
          e.__benchSeen = true; // one record per reply, however many listeners
          const at = posted.get(`${id}:${v.runId}`);
          window.__benchReplies.push({
            worker: id,
            runId: v.runId,
            error: v.error,
            work: v.timings.parseMs + v.timings.simulateMs,
            reply: at === undefined ? NaN : performance.now() - at,
          });
        }
        return typeof listener === 'function' ? listener.call(this, e) : listener.handleEvent(e);
      };
      return add.call(this, type, spy, options);
    };
  });
  const page = await ctx.newPage();
  try {
    await page.goto(side.url);
    await side.ready?.(page);
    await page.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
    await page.waitForSelector('.sim-charts:not(.is-stale)', { timeout: 30_000 });
    const out = [];
    for (let i = 0; i < 3; i++) {
      await page.waitForTimeout(2500); // the spare starts a second after a run, then warms up
      const ms = await page.evaluate(async (round) => {
        const hook = window.__hpaSimEditor;
        const text = hook.getValue();
        const replies = window.__benchReplies;
        const from = replies.length;
        const workersBefore = new Set(replies.map((r) => r.worker));
        const upToDate = () =>
          !document.querySelector('.sim-charts.is-stale') &&
          document.querySelector('[aria-label="Simulator status"]')?.textContent === 'up to date';
        hook.setValue(window.__benchLongEdit(text));
        await new Promise((r) => setTimeout(r, 400));
        const next = text.replace(/averageUtilization: \d+/, `averageUtilization: ${56 + round}`);
        hook.setValue(next);
        // Until the edit's run has answered (a whole reply after the edit) and the page shows it.
        const delivered = () => replies.slice(from).filter((r) => r.error === null);
        await window.__benchSettle(() => delivered().length > 0 && upToDate());
        const done = delivered();
        // The long run finished before the edit's run: no interruption this round.
        if (done.length !== 1) return null;
        const first = done[0];
        const fresh = !workersBefore.has(first.worker);
        // The same worker's next run of the same scenario: its warm time, for reference.
        hook.setValue(text);
        const after = () =>
          replies.slice(from).filter((r) => r.worker === first.worker && r.error === null);
        await window.__benchSettle(() => after().length > 1 && upToDate());
        const second = after()[1];
        return [first.work, second?.work ?? NaN, first.reply, fresh];
      }, i);
      if (ms !== null) out.push(ms);
    }
    return out;
  } finally {
    await ctx.close();
  }
}

/**
 * `--profile --fresh-worker`: a trace of a cold page's start-up (to its first result and its
 * editor) and of three rounds of a fresh worker taking over an interrupted run, as
 * `freshWorkerFirstRun` makes them; the split (uiProfile.mjs `startupLines`).
 */
async function freshWorkerProfile(browser) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(installSettle);
  await ctx.addInitScript(startupMarks);
  await ctx.addInitScript(installLongEdit);
  const page = await ctx.newPage();
  try {
    await browser.startTracing(page, { categories: STARTUP_CATEGORIES });
    await page.goto(base);
    await page.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
    await page.waitForSelector('.sim-charts:not(.is-stale)', { timeout: 30_000 });
    for (let round = 0; round < 3; round++) {
      await page.waitForTimeout(2500); // the spare starts a second after a run, then warms up
      await page.evaluate(async (round) => {
        const hook = window.__hpaSimEditor;
        const text = hook.getValue();
        hook.setValue(window.__benchLongEdit(text));
        await new Promise((r) => setTimeout(r, 400));
        hook.setValue(text.replace(/averageUtilization: \d+/, `averageUtilization: ${56 + round}`));
        await window.__benchSettle(
          () =>
            !document.querySelector('.sim-charts.is-stale') &&
            document.querySelector('[aria-label="Simulator status"]')?.textContent === 'up to date',
        );
        hook.setValue(text);
      }, round);
    }
    await page.waitForTimeout(1000);
    return startupLines(await browser.stopTracing());
  } finally {
    await ctx.close();
  }
}

/**
 * YAML edit → charts repainted on a fresh page of `side` (its URL, an init script, a step once
 * loaded): alternate two texts whose runs differ, each sample until the KPI shows the new run.
 */
async function editToRepaint(browser, side = { url: base }, count = 20, cpu = null) {
  // Edit → repaint: alternate two texts whose runs differ, wait until the KPI shows the new run.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(installSettle);
  if (side.init) await ctx.addInitScript(side.init);
  if (cpu?.profile) await ctx.addInitScript(phaseMarks);
  const page = await ctx.newPage();
  await page.goto(side.url);
  await side.ready?.(page);
  await page.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
  await page.waitForSelector('.sim-charts:not(.is-stale)', { timeout: 30_000 });
  await side.beforeGesture?.(page);
  // `cpu`: trace the samples and add each thread's CPU time per edit to it (see cpuPerEdit).
  let profiler = null;
  if (cpu) {
    // After the spare's warm-up (a pause after the first run, then three runs): not an edit's.
    await page.waitForTimeout(2500);
    const categories = cpu.profile ? PROFILE_CATEGORIES : CPU_CATEGORIES;
    await browser.startTracing(page, { categories });
    if (cpu.profile) profiler = await startCpuProfile(page);
  }
  const samples = await page.evaluate(async (count) => {
    const hook = window.__hpaSimEditor;
    const a = hook.getValue();
    const b = a.replace('averageUtilization: 60', 'averageUtilization: 55');
    const podHours = () => document.querySelector('.kpi-strip .kpi .kpi-value')?.textContent ?? '';
    const settle = window.__benchSettle;
    const texts = [b, a];
    const expected = [];
    // Warm up once per text to learn what each run shows.
    for (const t of texts) {
      // Wait for this text's own result: "up to date" can still describe the text before.
      const before = podHours();
      hook.setValue(t);
      await settle(
        () =>
          !document.querySelector('.sim-charts.is-stale') &&
          document.querySelector('[aria-label="Simulator status"]')?.textContent === 'up to date' &&
          podHours() !== before,
      );
      expected.push(podHours());
    }
    const out = [];
    for (let i = 0; i < count; i++) {
      const k = i % 2;
      window.__benchPhase?.start();
      const t0 = performance.now();
      hook.setValue(texts[k]);
      const t1 = await settle(
        () => podHours() === expected[k] && !document.querySelector('.sim-charts.is-stale'),
      );
      const phase = window.__benchPhase?.of(t0, t1);
      out.push({ paint: t1.paint - t0, doubleRaf: t1.doubleRaf - t0, ...(phase ? { phase } : {}) });
    }
    return out;
  }, count);
  if (cpu?.profile) {
    // `--profile`: where the edits' CPU went (uiProfile.mjs), and their critical path.
    cpu.phases = samples.flatMap((x) => (x.phase ? [x.phase] : []));
    cpu.functions = await stopCpuProfile(profiler, count + 2);
    cpu.breakdown = traceBreakdown(await browser.stopTracing(), count + 2);
  } else if (cpu) cpuPerEdit(await browser.stopTracing(), count + 2, cpu);

  await ctx.close();
  return samples;
}

/**
 * CPU time per edit from a Chromium trace: the thread time (`tdur`) of every task the page's main
 * thread and its workers ran, over `edits` (the timed ones and the two that learn the results),
 * pushed onto `into.main` and `into.workers` (the simulator's and Monaco's together), and the
 * time V8's garbage collector took on the renderer's pool threads (`into.gc`: marking,
 * sweeping, and the sweep of dead ArrayBuffers, which a worker's run once paid ≈ 7 ms for; on 2
 * cores that thread competes with the page and the simulator), and the time V8's optimising
 * compilers (Maglev, Turbofan) took there (`into.jit`): in a page's first 30 edits after its
 * warm-up, 58 ms per edit, more than the page's thread (42) and the workers (22) together, and
 * the page's code five in six of the functions compiled (its functions reach the compilers'
 * thresholds edit after edit, for over a hundred edits). Unlike the latencies, hardly moved by
 * the machine's load: what a side costs, not how long it waited.
 */
/** The garbage collector's top-level tasks on the pool threads (none nests in another). */
const POOL_GC = new Set([
  'V8.GC_MC_BACKGROUND_MARKING',
  'V8.GC_MC_BACKGROUND_SWEEPING',
  'V8.GC_MC_BACKGROUND_EVACUATE_COPY',
  'V8.GC_MC_BACKGROUND_EVACUATE_UPDATE_POINTERS',
  'V8.GC_SCAVENGER_BACKGROUND_SCAVENGE_PARALLEL',
  'V8.GC_BACKGROUND_YOUNG_ARRAY_BUFFER_SWEEP',
  'V8.GC_BACKGROUND_FULL_ARRAY_BUFFER_SWEEP',
]);

/** The optimising compilers' top-level tasks on the pool threads (a task runs several jobs). */
const POOL_JIT = new Set(['V8.TurbofanTask', 'V8.MaglevTask']);

/** The trace categories of `cpu` (cpuPerEdit): tasks per thread, the GC's and JIT's on the pool. */
const CPU_CATEGORIES = [
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.gc',
  'disabled-by-default-v8.compile',
];

function cpuPerEdit(buffer, edits, into) {
  const events = JSON.parse(buffer.toString('utf8'));
  const list = Array.isArray(events) ? events : events.traceEvents;
  const threads = new Map();
  for (const e of list) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  let main = 0;
  let workers = 0;
  let gc = 0;
  let jit = 0;
  for (const e of list) {
    if (e.ph !== 'X' || e.tdur === undefined) continue;
    const name = threads.get(`${e.pid}:${e.tid}`) ?? '';
    if (POOL_GC.has(e.name) && name.startsWith('ThreadPool')) gc += e.tdur;
    if (POOL_JIT.has(e.name) && name.startsWith('ThreadPool')) jit += e.tdur;
    if (e.name !== 'RunTask') continue;
    if (name === 'CrRendererMain') main += e.tdur;
    else if (name.startsWith('DedicatedWorker')) workers += e.tdur;
  }
  into.main.push(main / 1000 / edits);
  into.workers.push(workers / 1000 / edits);
  into.gc?.push(gc / 1000 / edits);
  into.jit?.push(jit / 1000 / edits);
}

const median = (a) => (a.length ? Math.round([...a].sort((x, y) => x - y)[a.length >> 1]) : NaN);

/** Counted moves of the drag: 40, so its p95 is not simply the slowest sample. */
const DRAG_MOVES = 40;

async function dragToRepaint(
  browser,
  side = { url: base },
  moves = DRAG_MOVES,
  profile = null,
  cpu = null,
) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(installSettle);
  if (side.init) await ctx.addInitScript(side.init);
  // The worker's own timings of each run reply (RunReply.timings), for the breakdown.
  await ctx.addInitScript(() => {
    window.__benchRunTimings = [];
    const add = Worker.prototype.addEventListener;
    Worker.prototype.addEventListener = function (type, listener, options) {
      if (type !== 'message') return add.call(this, type, listener, options);
      const spy = (e) => {
        const t = e.data?.value?.timings;
        if (t && typeof t.simulateMs === 'number') window.__benchRunTimings.push(t);
        return typeof listener === 'function' ? listener.call(this, e) : listener.handleEvent(e);
      };
      return add.call(this, type, spy, options);
    };
  });
  if (profile) await ctx.addInitScript(phaseMarks);
  const page = await ctx.newPage();
  try {
    await page.goto(side.url);
    await side.ready?.(page);
    await page.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
    await page.evaluate(() => {
      const hook = window.__hpaSimEditor;
      const text = hook.getValue();
      const start = text.indexOf('  traffic:');
      const end = text.indexOf('  load:', start);
      const ramp =
        '  traffic: { type: ramp, points: [{ at: 0, value: 300 }, { at: 43200, value: 1200 }, { at: 86400, value: 300 }] }\n';
      hook.setValue(text.slice(0, start) + ramp + text.slice(end));
    });
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Simulator status"]')?.textContent === 'up to date' &&
        document.querySelector('[role="slider"][aria-label="traffic point 2"]'),
      null,
      { timeout: 30_000 },
    );
    await side.beforeGesture?.(page);
    const box = await page.getByRole('slider', { name: 'traffic point 2' }).boundingBox();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    // `profile` (`--profile`): trace and profile the moves, the first one (the drag's start) too.
    let profiler = null;
    if (profile) {
      await browser.startTracing(page, { categories: PROFILE_CATEGORIES });
      profiler = await startCpuProfile(page);
    } else if (cpu) {
      // `cpu`: each thread's CPU time per move (cpuPerEdit), the load-proof figure.
      await browser.startTracing(page, { categories: CPU_CATEGORIES });
    }
    const out = [];
    for (let i = 0; i < moves + 1; i++) {
      const before = await page.evaluate(() => {
        window.__dragT0 = null;
        window.__benchPhase?.start();
        window.addEventListener(
          'pointermove',
          () => {
            window.__dragT0 = performance.now();
          },
          { capture: true, once: true },
        );
        return document.querySelector('.kpi-strip .kpi .kpi-value')?.textContent ?? '';
      });
      await page.mouse.move(x, y + (i % 2 === 0 ? 16 : 0));
      const ms = await page.evaluate(
        (prev) =>
          window
            .__benchSettle(
              () =>
                (document.querySelector('.kpi-strip .kpi .kpi-value')?.textContent ?? '') !==
                  prev &&
                !document.querySelector('.sim-charts.is-stale') &&
                document.querySelector('[aria-label="Simulator status"]')?.textContent ===
                  'up to date',
              5000,
            )
            .then((t) =>
              Number.isNaN(t.paint)
                ? null
                : {
                    paint: t.paint - window.__dragT0,
                    doubleRaf: t.doubleRaf - window.__dragT0,
                    // the run this frame shows (the latest reply's worker timings)
                    run: window.__benchRunTimings.at(-1),
                    phase: window.__benchPhase?.of(window.__dragT0, t),
                  },
            ),
        before,
      );
      if (i > 0 && ms !== null) out.push(ms); // the first move starts the drag: not counted
    }
    if (profile) {
      profile.phases = out.flatMap((x) => (x.phase ? [x.phase] : []));
      profile.functions = await stopCpuProfile(profiler, moves + 1);
      const trace = await browser.stopTracing();
      // BENCH_UI_TRACE=file.json: the drag's trace kept, for Chromium's DevTools (Performance).
      if (process.env.BENCH_UI_TRACE) writeFileSync(process.env.BENCH_UI_TRACE, trace);
      profile.breakdown = traceBreakdown(trace, moves + 1);
    } else if (cpu) cpuPerEdit(await browser.stopTracing(), moves + 1, cpu);
    await page.mouse.up();
    return { times: out, timings: out.flatMap((x) => (x.run ? [x.run] : [])) };
  } finally {
    await ctx.close();
  }
}

/**
 * `-- --compare REF`: REF's files (`git archive`, so no worktree is registered in the shared
 * repository) in a temporary folder with this tree's node_modules hard-linked, built there by its
 * own config. Its package-lock.json differing from this tree's is said (the figures then also
 * compare dependencies … or fail to build).
 */
function buildRef(ref) {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`).stdout.trim();
  if (!sha) throw new Error(`--compare: ${ref} is not a commit of this repository`);
  const dir = path.join(os.tmpdir(), `hpa-sim-bench-ui-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    const tar = spawnSync('sh', ['-c', `git archive ${sha} | tar -x -C '${dir}'`], { cwd: root });
    if (tar.status !== 0) throw new Error(`--compare: git archive ${sha} failed`);
  }
  if (!existsSync(path.join(dir, 'node_modules')))
    spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  const lock = (d) => readFileSync(path.join(d, 'package-lock.json'), 'utf8');
  if (lock(dir) !== lock(root))
    process.stderr.write(
      `bench:ui: ${ref}'s package-lock.json differs: built with this tree's node_modules\n`,
    );
  const out = path.join(dir, 'bench-ui-dist');
  if (viteBuild(dir, out) !== 0) throw new Error(`--compare: building ${ref} failed`);
  return { dir, out, sha };
}

/** A cold page of `side`: when Monaco's editor is ready (ms from navigation). */
async function editorReady(browser, side) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (side.init) await ctx.addInitScript(side.init);
    await ctx.addInitScript(chartsAt);
    const page = await ctx.newPage();
    await page.goto(side.url);
    await page.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
    const ready = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => window.__benchChartsAt !== undefined, null, {
      timeout: 30_000,
    });
    return { ready, charts: await page.evaluate(() => window.__benchChartsAt) };
  } finally {
    await ctx.close();
  }
}

/** Init script: `__benchChartsAt`, when the first result's charts enter the page (a frame later). */
const chartsAt = () => {
  const seen = new MutationObserver(() => {
    if (!document.querySelector('.sim-charts .chart-surface')) return;
    seen.disconnect();
    requestAnimationFrame(() => (window.__benchChartsAt = performance.now()));
  });
  seen.observe(document, { childList: true, subtree: true });
};

/**
 * A/B of edit → repaint and curve drag → repaint between two sides (two builds, or one build with
 * presenter mode off and on), interleaved round by round (A B, then B A: a drift of the machine's
 * load, and going first, fall on both alike), each round a fresh page per side and figure. Reports
 * per side the median over rounds of each round's p50 and p95, the p95 of all samples together,
 * and the 1-minute load average over the rounds: on a loaded machine compare the sides, not the
 * figures with the budgets.
 */
async function compareSides(browser, sides, rounds, freshWorker = false, freshOnly = false) {
  const got = sides.map(() => ({
    edit: [],
    drag: [],
    editAll: [],
    dragAll: [],
    cpu: { main: [], workers: [], gc: [], jit: [] },
    dragCpu: { main: [], workers: [], gc: [], jit: [] },
    fresh: [],
    freshReply: [],
    /** per sample: a fresh worker (the spare) ran it, not the interrupted one kept */
    freshTaken: [],
    ready: [],
    charts: [],
  }));
  const loads = [];
  const p = (q, xs) => {
    const v = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    return v[Math.min(v.length - 1, Math.floor(q * v.length))];
  };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) {
      loads.push(os.loadavg()[0]);
      if (freshOnly) {
        const runs = await freshWorkerFirstRun(browser, false, sides[k]);
        got[k].fresh.push(...runs.map((x) => x[0]));
        got[k].freshReply.push(...runs.map((x) => x[2]));
        got[k].freshTaken.push(...runs.map((x) => x[3]));
        continue;
      }
      // `--drag-only`: the drag alone, 40 moves a round (twice the rounds in the same time).
      if (!dragOnly) {
        const cold = await editorReady(browser, sides[k]);
        got[k].ready.push(cold.ready);
        got[k].charts.push(cold.charts);
        const edit = (await editToRepaint(browser, sides[k], 12, got[k].cpu)).map((x) => x.paint);
        got[k].edit.push([p(0.5, edit), p(0.95, edit)]);
        got[k].editAll.push(...edit);
      }
      const drag = (
        dragOnly
          ? await dragToRepaint(browser, sides[k], DRAG_MOVES, null, got[k].dragCpu)
          : await dragToRepaint(browser, sides[k], 20)
      ).times.map((x) => x.paint);
      got[k].drag.push([p(0.5, drag), p(0.95, drag)]);
      got[k].dragAll.push(...drag);
      // `--fresh-worker` too: a fresh (warm spare) worker's first run, each sample of the page.
      if (freshWorker) {
        const runs = await freshWorkerFirstRun(browser, false, sides[k]);
        got[k].fresh.push(...runs.map((x) => x[0]));
        got[k].freshReply.push(...runs.map((x) => x[2]));
        got[k].freshTaken.push(...runs.map((x) => x[3]));
      }
    }
    process.stderr.write(
      `bench:ui: round ${r + 1}/${rounds} (load ${os.loadavg()[0].toFixed(1)})\n`,
    );
  }
  const med = (xs) => Math.round([...xs].sort((a, b) => a - b)[xs.length >> 1]);
  const figures = {};
  for (const what of freshOnly ? [] : dragOnly ? ['drag'] : ['edit', 'drag']) {
    const name = what === 'edit' ? 'ui.editToRepaint' : 'ui.dragToRepaint';
    const row = (label, pick) => {
      const [a, b] = got.map(pick);
      figures[`${name}.${label}`] = {
        unit: 'ms',
        A: a,
        B: b,
        ratio: Math.round((b / a) * 100) / 100,
      };
    };
    row('p50', (g) => med(g[what].map((x) => x[0])));
    row('p95', (g) => med(g[what].map((x) => x[1])));
    row('p95.allSamples', (g) => Math.round(p(0.95, g[`${what}All`])));
  }
  // CPU per edit, or per drag move (`--drag-only`), median over rounds: the load-proof part.
  for (const thread of freshOnly ? [] : ['main', 'workers', 'gc', 'jit']) {
    const [a, b] = got.map(
      (g) => med(g[dragOnly ? 'dragCpu' : 'cpu'][thread].map((v) => v * 10)) / 10,
    );
    figures[`ui.${dragOnly ? 'dragCpu' : 'editCpu'}.${thread}`] = {
      unit: 'ms',
      A: a,
      B: b,
      ratio: Math.round((b / a) * 100) / 100,
    };
  }
  if (!dragOnly && !freshOnly) {
    // A cold page's editor ready (median over rounds).
    const [a, b] = got.map((g) => med(g.ready));
    figures['ui.editorReady'] = { unit: 'ms', A: a, B: b, ratio: Math.round((b / a) * 100) / 100 };
    // … and when its first result's charts were on screen (the editor must not delay them).
    const [c, d] = got.map((g) => med(g.charts));
    figures['ui.firstChartsPaint'] = {
      unit: 'ms',
      A: c,
      B: d,
      ratio: Math.round((d / c) * 100) / 100,
    };
  }
  if (freshWorker)
    for (const [name, key] of [
      ['ui.freshWorker.firstRun', 'fresh'],
      ['ui.freshWorker.firstRun.reply', 'freshReply'],
    ]) {
      const [a, b] = got.map((g) => med(g[key]));
      figures[name] = { unit: 'ms', A: a, B: b, ratio: Math.round((b / a) * 100) / 100 };
    }
  const load = {
    min: Math.min(...loads),
    median: loads.sort((a, b) => a - b)[loads.length >> 1],
    max: Math.max(...loads),
  };
  // How many of those runs a fresh worker (the spare) ran, of all samples, per side.
  const takeOvers = freshWorker
    ? got.map((g) => `${g.freshTaken.filter(Boolean).length}/${g.freshTaken.length}`)
    : null;
  return { figures, load, sides: sides.map((s) => s.name), rounds, takeOvers };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? chromiumLaunch.executablePath,
  args: chromiumLaunch.args,
});
try {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? null : (process.argv[i + 1] ?? null);
  };
  const compareRef = arg('--compare');
  const presenterAB = process.argv.includes('--presenter');
  if (compareRef !== null || presenterAB) {
    // `-- --compare REF`: REF's build (A) against this tree's (B); `-- --presenter`: this tree
    // with presenter mode off (A) and on (B, the editor unfolded for the session).
    const rounds = Number(arg('--rounds') ?? 6);
    let sides;
    if (compareRef !== null) {
      // `A..B`: two commits (e.g. a merge's first parent and the merge), else REF and this tree.
      const [refA, refB] = compareRef.includes('..') ? compareRef.split('..') : [compareRef, null];
      sides = [];
      for (const [k, ref] of [refA, refB].entries()) {
        if (ref === null) {
          sides.push({ name: 'this tree', url: base });
          continue;
        }
        const built = buildRef(ref);
        const other = await serve(built.dir, built.out, PORT + 1 + k);
        servers.push(other.child);
        sides.push({ name: `${ref} (${built.sha.slice(0, 7)})`, url: other.url });
      }
    } else {
      sides = [
        { name: 'presenter off', url: base },
        {
          name: 'presenter on',
          url: base,
          init: () => localStorage.setItem('hpa-sim:layout', JSON.stringify({ presenter: true })),
          ready: async (page) => {
            await page.waitForSelector('.app.presenter', { timeout: 30_000 });
            await page
              .getByRole('group', { name: 'View' })
              .getByRole('button', { name: 'Editor', exact: true })
              .click({ timeout: 30_000 });
          },
        },
      ];
    }
    // `--fresh-worker-only`: that figure alone on each side (the others take minutes a round).
    const freshOnly = process.argv.includes('--fresh-worker-only');
    const result = await compareSides(
      browser,
      sides,
      rounds,
      freshOnly || process.argv.includes('--fresh-worker'),
      freshOnly,
    );
    if (json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    else {
      log(`A = ${result.sides[0]}, B = ${result.sides[1]}; ${rounds} rounds interleaved`);
      for (const [k, f] of Object.entries(result.figures))
        log(
          `${k.padEnd(36)} A ${String(f.A).padStart(5)} ms   B ${String(f.B).padStart(5)} ms   B/A ${f.ratio}`,
        );
      const l = result.load;
      if (result.takeOvers)
        log(
          `runs after an interrupt taken by a fresh worker: A ${result.takeOvers[0]}, B ${result.takeOvers[1]} (else the interrupted worker, kept)`,
        );
      log(
        freshOnly
          ? `(load average over the rounds: ${l.min.toFixed(1)}–${l.max.toFixed(1)}, median ${l.median.toFixed(1)}; a page per side per round, three take-overs each: the fresh worker's first run (its parse + simulate) and posted → reply, medians of all samples)`
          : dragOnly
            ? `(load average over the rounds: ${l.min.toFixed(1)}–${l.max.toFixed(1)}, median ${l.median.toFixed(1)}; 40 drag moves per side per round; dragCpu: CPU ms per move, page thread, workers, and the garbage collector and the optimising compilers on the pool threads, from a trace of the moves, whose latencies it slows a little on both sides)`
            : `(load average over the rounds: ${l.min.toFixed(1)}–${l.max.toFixed(1)}, median ${l.median.toFixed(1)}; a cold page's editor ready, 12 edits and 20 drag moves per side per round; editCpu: CPU ms per edit, page thread, workers, and the garbage collector and the optimising compilers on the pool threads, from a trace of the edits, whose latencies it slows a little on both sides)`,
      );
    }
  } else if (profiling && process.argv.includes('--fresh-worker')) {
    // `-- --profile --fresh-worker`: a page's start-up and a fresh worker's first run, traced.
    const lines = await freshWorkerProfile(browser);
    lines.push(
      `(load average ${os.loadavg()[0].toFixed(1)}; wall and thread time from a Chromium trace; a build without minification)`,
    );
    lines.forEach((l) => log(l));
  } else if (profiling) {
    // `-- --profile`: where 20 edits' and 40 drag moves' CPU goes (uiProfile.mjs), not minified.
    const edit = { profile: true };
    await editToRepaint(browser, { url: base }, 20, edit);
    const drag = {};
    await dragToRepaint(browser, { url: base }, DRAG_MOVES, drag);
    const lines = [
      ...phaseLines('YAML edit → repaint', edit.phases),
      ...phaseLines('curve drag → repaint (one move)', drag.phases),
      ...profileLines('YAML edit → repaint', edit.breakdown, edit.functions),
      ...profileLines('curve drag → repaint (one move)', drag.breakdown, drag.functions),
      `(load average ${os.loadavg()[0].toFixed(1)}; thread time from a Chromium trace, functions from a CPU profile of the page's thread; a build without minification)`,
    ];
    if (json) process.stdout.write(JSON.stringify({ edit, drag }, null, 2) + '\n');
    else lines.forEach((l) => log(l));
  } else if (process.argv.includes('--fresh-worker')) {
    // `-- --fresh-worker`: that figure alone (the others take minutes).
    const show = (name, runs) => {
      const first = runs.map((r) => r[0]);
      const next = runs.map((r) => r[1]);
      const reply = runs.map((r) => r[2]);
      const fresh = runs.filter((r) => r[3]).length;
      log(
        `${name.padEnd(36)} ${String(median(first)).padStart(8)} ms  (first runs ${first.map(Math.round).join(', ')}; the same worker's next run ${next.map(Math.round).join(', ')}; posted → reply ${reply.map(Math.round).join(', ')}; ${fresh} of ${runs.length} on a fresh worker)`,
      );
    };
    show('ui.freshWorker.firstRun', await freshWorkerFirstRun(browser, false));
    show('ui.freshWorker.firstRun.coldSpare', await freshWorkerFirstRun(browser, true));
  } else {
    // Cold loads: first paint and editor ready, median of 3 fresh contexts.
    const paints = [];
    const ready = [];
    const charts = [];
    for (let i = 0; i < 3; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // When the first result's charts enter the page (the first paint may be the page's shell).
      await ctx.addInitScript(chartsAt);
      const page = await ctx.newPage();
      await page.goto(base);
      await page.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
      ready.push(await page.evaluate(() => performance.now()));
      await page.waitForFunction(() => window.__benchChartsAt !== undefined, null, {
        timeout: 30_000,
      });
      charts.push(await page.evaluate(() => window.__benchChartsAt));
      paints.push(
        await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        ),
      );
      await ctx.close();
    }

    process.stderr.write('bench:ui: edit → repaint, then fast typing (warm, cold spares)…\n');
    const samples = await editToRepaint(browser);
    const warmSamples = await editToRepaint(browser, { url: base, ...afterWarmUp });

    /** The typing burst on a fresh page; `cold`: spares are never warmed. */
    async function typing(cold) {
      const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await c.addInitScript(installSettle);
      await c.addInitScript(countWorkers);
      if (cold) await c.addInitScript(coldSpares);
      const p = await c.newPage();
      await p.goto(base);
      await p.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
      await p.waitForSelector('.sim-charts:not(.is-stale)', { timeout: 30_000 });
      await p.waitForTimeout(1500); // the first spare starts a second after load
      const times = await p.evaluate(typingBurst);
      const workers = await p.evaluate(() => window.__benchWorkers);
      await c.close();
      return { times, workers };
    }
    const warmTyping = await typing(false);
    const coldTyping = await typing(true);
    const drag = await dragToRepaint(browser);
    const warmDrag = await dragToRepaint(browser, { url: base, ...afterWarmUp });
    process.stderr.write("bench:ui: a fresh worker's first run (warm spare, cold spare)…\n");
    const firstRuns = await freshWorkerFirstRun(browser, false);
    const firstRunsCold = await freshWorkerFirstRun(browser, true);
    const firstRun = firstRuns.map((r) => r[0]);
    const firstRunCold = firstRunsCold.map((r) => r[0]);
    const all = [...samples, ...warmSamples, ...warmTyping.times, ...coldTyping.times];
    const missed = all.filter((x) => Number.isNaN(x.paint)).length;
    if (missed > 0) process.stderr.write(`bench:ui: ${missed} samples never repainted (30 s)\n`);
    const sorted = (xs) => xs.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
    const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    /** The p-quantile of one end mark ('paint', or the old 'doubleRaf') of timed samples. */
    const q = (p, list, end = 'paint') => {
      const xs = sorted(list.map((x) => x[end]));
      return Math.round(xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]);
    };
    const dragRun = (k) => med(drag.timings.map((t) => t[k]));
    const js = initialJsGzip();
    // Each latency twice: to the committed frame (the figure), and `.doubleRaf`, the old end two
    // frames later, kept for one release so figures stay comparable with earlier runs.
    const latency = (name, list, budget, extra = {}) => ({
      [`${name}.p50`]: { value: q(0.5, list), unit: 'ms' },
      [`${name}.p95`]: { value: q(0.95, list), unit: 'ms', budget, ...extra },
      [`${name}.p50.doubleRaf`]: { value: q(0.5, list, 'doubleRaf'), unit: 'ms' },
      [`${name}.p95.doubleRaf`]: { value: q(0.95, list, 'doubleRaf'), unit: 'ms' },
    });
    // The budgets of ../shared/DESIGN.md §6 and issue 21 (p95 in Chromium): edit 80, drag 40.
    const figures = {
      ...latency('ui.editToRepaint', samples, 80),
      // The same once the worker's warm-up runs are done (the JIT has optimised the engine).
      ...latency('ui.editToRepaint.afterWarmUp', warmSamples, 80),
      ...latency('ui.fastTyping.warm', warmTyping.times, 100, {
        workersStarted: warmTyping.workers,
      }),
      ...latency('ui.fastTyping.coldSpares', coldTyping.times, undefined, {
        workersStarted: coldTyping.workers,
      }),
      ...latency('ui.dragToRepaint', drag.times, 40, { samples: drag.times.length }),
      ...latency('ui.dragToRepaint.afterWarmUp', warmDrag.times, 40, {
        samples: warmDrag.times.length,
      }),
      // Where a drag frame's time goes in the worker (median; the rest is the page and frames).
      'ui.dragRun.parse.p50': { value: Math.round(dragRun('parseMs')), unit: 'ms' },
      'ui.dragRun.simulate.p50': {
        value: Math.round(dragRun('simulateMs')),
        unit: 'ms',
      },
      // The page's share of a drag frame: the latency less the worker's parse and simulate (the
      // edit, the messages, the result's render and paint, waiting for a frame). Less moved by
      // the machine's load than the latency, which the run dominates.
      'ui.dragPage.p50': {
        value: Math.round(
          med(
            drag.times.flatMap((x) => (x.run ? [x.paint - x.run.parseMs - x.run.simulateMs] : [])),
          ),
        ),
        unit: 'ms',
      },
      // The worker's own parse + simulate of the 24 h default scenario, the first run on the spare
      // that replaced an interrupted worker: warmed up as shipped, and never warmed (cold).
      'ui.freshWorker.firstRun': {
        value: median(firstRun),
        unit: 'ms',
        budget: 60,
        samples: firstRun.map(Math.round),
        nextRun: median(firstRuns.map((r) => r[1])),
      },
      // The page's wait for that run: posted to the spare → its reply received.
      'ui.freshWorker.firstRun.reply': {
        value: median(firstRuns.map((r) => r[2])),
        unit: 'ms',
        samples: firstRuns.map((r) => Math.round(r[2])),
      },
      'ui.freshWorker.firstRun.coldSpare': {
        value: median(firstRunCold),
        unit: 'ms',
        samples: firstRunCold.map(Math.round),
      },
      'ui.firstContentfulPaint': { value: Math.round(med(paints)), unit: 'ms', budget: 500 },
      'ui.editorReady': { value: Math.round(med(ready)), unit: 'ms', budget: 1500 },
      'ui.firstChartsPaint': { value: Math.round(med(charts)), unit: 'ms' },
      'ui.initialJs.gzip': {
        value: Math.round(js.gzipKB),
        unit: 'kB',
        budget: 300,
        files: js.files.length,
        rawKB: Math.round(js.rawKB),
      },
    };
    if (json) process.stdout.write(JSON.stringify(figures, null, 2) + '\n');
    else {
      for (const [k, f] of Object.entries(figures)) {
        const b =
          f.budget === undefined
            ? ''
            : `  (budget ${f.budget} ${f.unit}, ${f.value <= f.budget ? 'within' : 'OVER'})`;
        const w = f.workersStarted === undefined ? '' : `  (${f.workersStarted} workers started)`;
        log(`${k.padEnd(36)} ${String(f.value).padStart(8)} ${f.unit}${b}${w}`);
      }
      log(
        `(24 h default scenario, 5,761 syncs; fast typing: 5 edits 30 ms apart, last edit → repaint, with the spare worker warmed as shipped and with cold spares; initial JS excludes the lazy Monaco chunks: ${js.excluded.join(', ')})`,
      );
    }
  }
} finally {
  await browser.close();
  for (const child of servers) child.kill();
}
