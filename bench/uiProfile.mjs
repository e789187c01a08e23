// `npm run bench:ui -- --profile`: where an edit's and a drag frame's time goes, in CPU time (the
// machine's load moves it little, unlike latencies). A Chromium trace of the timed gestures gives
// each thread's CPU per gesture (the page's thread, and every worker by its script: the
// simulator, its spare, Monaco's YAML worker …) and the page thread's self time by trace event
// (script, GC, style, layout, paint …); a CPU profile of the page's thread gives the functions
// with the most self time (the build is not minified in this mode, so they have their names).

/** Trace categories: thread time (`tdur`) of every task and of what ran inside it. */
export const PROFILE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/**
 * Starts the page thread's CPU profile (sampled every 200 µs) and its sampled allocation profile
 * (what the garbage collector later pays for: a sample per 16 kB allocated on average).
 */
export async function startCpuProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await cdp.send('Profiler.start');
  return cdp;
}

/** A profile node's function as `name file:line` (the bundle's hash dropped). */
function frameName(cf) {
  const file = cf.url
    .split('/')
    .pop()
    .replace(/-[\w-]{8}\.js$/, '.js');
  return `${cf.functionName || '(anonymous)'} ${file ? `${file}:${cf.lineNumber + 1}` : ''}`.trim();
}

/**
 * From the profiles: the functions with the most self time and the most total time (itself and
 * what it called; a function on the stack twice counts once), ms per gesture, and those that
 * allocated the most (self, kB per gesture, sampled).
 */
export async function stopCpuProfile(
  cdp,
  gestures,
  top = Number(process.env.BENCH_UI_PROFILE_TOP ?? 15),
) {
  const { profile } = await cdp.send('Profiler.stop');
  const { profile: heap } = await cdp.send('HeapProfiler.stopSampling');
  await cdp.detach();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const total = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const cf = byId.get(profile.samples[i]).callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') continue;
    const dt = profile.timeDeltas[i] ?? 0;
    const key = frameName(cf);
    self.set(key, (self.get(key) ?? 0) + dt);
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const name = frameName(byId.get(id).callFrame);
      if (name === '(root)' || seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + dt);
    }
  }
  const ms = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000 / gestures }));
  const bytes = new Map();
  const walk = (n) => {
    const size = n.selfSize ?? 0;
    if (size > 0) {
      const name = frameName(n.callFrame);
      bytes.set(name, (bytes.get(name) ?? 0) + size);
    }
    for (const c of n.children ?? []) walk(c);
  };
  walk(heap.head);
  const allocated = [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, b]) => ({ name, kB: b / 1024 / gestures }));
  const allocatedKB = [...bytes.values()].reduce((a, b) => a + b, 0) / 1024 / gestures;
  return { self: ms(self), total: ms(total), allocated, allocatedKB };
}

/**
 * A Chromium trace's events, its threads' names (by "pid:tid") and each worker's script file
 * (by its worker thread id; `unhashed`: without the build's hash, so two builds' name match).
 */
function traceThreads(buffer, unhashed) {
  const events = JSON.parse(buffer.toString('utf8'));
  const list = Array.isArray(events) ? events : events.traceEvents;
  const names = new Map();
  for (const e of list) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const scripts = new Map();
  for (const e of list) {
    const d = e.name === 'TracingSessionIdForWorker' ? e.args?.data : null;
    if (d?.workerThreadId === undefined) continue;
    const file = d.url.split('/').pop();
    scripts.set(d.workerThreadId, unhashed ? file.replace(/-[\w-]{8}\.js$/, '.js') : file);
  }
  return { list, names, scripts };
}

/**
 * From a trace: CPU ms per gesture of each thread (workers named by their script, hash dropped;
 * two workers of one script are counted together: the simulator and its spare), and the page
 * thread's self time by event name (an event's thread time less its children's).
 */
export function traceBreakdown(buffer, gestures, top = 12) {
  const { list, names, scripts } = traceThreads(buffer, true);
  const thread = (e) => {
    const name = names.get(`${e.pid}:${e.tid}`) ?? '';
    if (name === 'CrRendererMain') return 'page';
    if (name.startsWith('DedicatedWorker')) return `worker ${scripts.get(e.tid) ?? '?'}`;
    return null;
  };
  const threads = new Map();
  const timed = [];
  for (const e of list) {
    if (e.ph !== 'X' || e.tdur === undefined) continue;
    const t = thread(e);
    if (!t) continue;
    if (e.name === 'RunTask') threads.set(t, (threads.get(t) ?? 0) + e.tdur);
    if (t === 'page') timed.push(e);
  }
  // Self time on the page's thread: events nest by time on one thread.
  timed.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  for (const e of timed) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.tdur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.tdur);
    stack.push(e);
  }
  const perGesture = (us) => us / 1000 / gestures;
  return {
    threads: [...threads]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, ms: perGesture(us) })),
    page: [...self]
      .filter(([, us]) => us > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: perGesture(us) })),
  };
}

/** The report of one gesture kind, as lines. */
export function profileLines(title, breakdown, functions) {
  const f = (ms) => ms.toFixed(1).padStart(6);
  return [
    `${title}: CPU ms per gesture`,
    ...breakdown.threads.map((t) => `  ${f(t.ms)}  ${t.name}`),
    `  the page's thread by trace event (self time):`,
    ...breakdown.page.map((t) => `  ${f(t.ms)}    ${t.name}`),
    `  the page's thread by function (self time, sampled):`,
    ...functions.self.map((t) => `  ${f(t.ms)}    ${t.name}`),
    `  the page's thread by function (total time: itself and what it called):`,
    ...functions.total.map((t) => `  ${f(t.ms)}    ${t.name}`),
    `  allocated on the page's thread, kB per gesture (sampled; ${functions.allocatedKB.toFixed(0)} kB in all):`,
    ...functions.allocated.map((t) => `  ${t.kB.toFixed(0).padStart(6)}    ${t.name}`),
  ];
}

/**
 * A gesture's critical path, median and p95 over the gestures (ms from the input): the input to
 * its run posted (the page's handlers), the worker's parse and simulate, the rest of posted →
 * reply (waiting for the worker, structured clone, messages), the reply to the page showing it
 * (the store's update and React's render and commit) and to its frame painted.
 */
export function phaseLines(title, phases) {
  const q = (p, xs) => {
    const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    return v.length ? v[Math.min(v.length - 1, Math.floor(p * v.length))] : NaN;
  };
  const parts = [
    ['input → run posted', (x) => x.post],
    ['worker parse', (x) => x.parse],
    ['worker simulate', (x) => x.simulate],
    ['posted → reply, less the run', (x) => x.reply - x.post - x.parse - x.simulate],
    ['reply → result in the DOM', (x) => x.dom - x.reply],
    ['DOM → frame painted', (x) => x.paint - x.dom],
    ['input → frame painted', (x) => x.paint],
  ];
  const f = (ms) => ms.toFixed(1).padStart(6);
  return [
    `${title}: critical path, ms (median, p95 over ${phases.length} gestures)`,
    ...parts.map(([name, pick]) => {
      const xs = phases.map(pick);
      return `  ${f(q(0.5, xs))} ${f(q(0.95, xs))}  ${name}`;
    }),
  ];
}

/**
 * `--profile --fresh-worker`: trace categories for a page's start-up and a fresh worker's first
 * run: thread time of every task, and V8's compile, evaluate, optimise and GC events inside them.
 */
export const STARTUP_CATEGORIES = [
  ...PROFILE_CATEGORIES,
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
];

/**
 * Init script: user-timing marks the start-up trace reads. `bench:new:W` when simulator worker W
 * is made, `bench:post:W:R` when run R is posted to it, `bench:reply:W:R` when its reply arrives,
 * `bench:terminate:W`, and
 * `bench:editor-ready` when the editor's `data-editor-ready` turns true.
 */
export const startupMarks = () => {
  let workers = 0;
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(url, options) {
      super(url, options);
      this.__benchSim = !String(options?.name ?? '').startsWith('monaco');
      if (!this.__benchSim) return;
      this.__benchId = ++workers;
      performance.mark(`bench:new:${this.__benchId}`);
      super.addEventListener('message', (e) => {
        const v = e.data?.value;
        if (v?.timings) performance.mark(`bench:reply:${this.__benchId}:${v.runId}`);
      });
    }
    postMessage(m, ...rest) {
      if (this.__benchSim && m?.type === 'APPLY' && m.path?.[0] === 'run')
        performance.mark(`bench:post:${this.__benchId}:${m.argumentList?.[0]?.value}`);
      return super.postMessage(m, ...rest);
    }
    terminate() {
      if (this.__benchSim) performance.mark(`bench:terminate:${this.__benchId}`);
      return super.terminate();
    }
  };
  const seen = new MutationObserver(() => {
    if (!document.querySelector('[data-editor-ready="true"]')) return;
    seen.disconnect();
    performance.mark('bench:editor-ready');
  });
  seen.observe(document, { subtree: true, childList: true, attributes: true });
};

/**
 * From a trace of a page's start-up and of a fresh worker taking over an interrupted run (marks
 * from `startupMarks`): the page's critical path to its first result and to the editor, the
 * page thread's long tasks, each simulator worker's tasks (start-up, warm-up runs, real runs:
 * wall and thread time, with V8's compile and GC inside), and, for each fresh worker's first
 * real run, the CPU every thread took while it ran (what it competed with).
 */
export function startupLines(buffer) {
  const { list, names, scripts } = traceThreads(buffer, false);
  // The page's navigation (not the initial about:blank's, which has no URL).
  const t0 = Math.max(
    ...list
      .filter((e) => e.name === 'navigationStart' && /^http/.test(e.args?.data?.documentLoaderURL))
      .map((e) => e.ts),
  );
  const ms = (us) => us / 1000;
  const at = (ts) => ms(ts - t0);
  const marks = new Map();
  for (const e of list)
    if (typeof e.name === 'string' && e.name.startsWith('bench:') && !marks.has(e.name))
      marks.set(e.name, e);
  const mark = (name) => marks.get(name)?.ts;
  const threadOf = (e) => {
    const name = names.get(`${e.pid}:${e.tid}`) ?? '';
    if (name === 'CrRendererMain') return 'page';
    if (name.startsWith('DedicatedWorker')) return `worker ${e.tid}`;
    return name || null;
  };
  const tasks = list.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined);
  const inner = list.filter((e) => e.ph === 'X' && e.dur !== undefined && e.name !== 'RunTask');
  const byThread = new Map();
  for (const e of inner) {
    const k = `${e.pid}:${e.tid}`;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k).push(e);
  }
  /** What a task spent in V8's compiler, module evaluation, optimiser and GC (thread ms). */
  const inside = (t) => {
    const sums = { compile: 0, evaluate: 0, optimise: 0, gc: 0 };
    let compiledTo = -Infinity; // compile events nest: count the outermost only
    const own = (byThread.get(`${t.pid}:${t.tid}`) ?? []).sort((a, b) => a.ts - b.ts);
    for (const e of own) {
      if (e.ts < t.ts || e.ts + e.dur > t.ts + t.dur) continue;
      const d = e.tdur ?? e.dur;
      if (/^V8\.(CompileScript|CompileCode)$|^v8\.compileModule$/.test(e.name)) {
        if (e.ts >= compiledTo) sums.compile += d;
        compiledTo = Math.max(compiledTo, e.ts + e.dur);
      } else if (e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript') sums.evaluate += d;
      else if (/^V8\.(OptimizeConcurrentFinalize|InstallOptimizedFunctions)$/.test(e.name))
        sums.optimise += d;
      else if (e.name === 'MinorGC' || e.name === 'MajorGC') sums.gc += d;
    }
    return Object.entries(sums)
      .filter(([, d]) => d >= 500)
      .map(([k, d]) => `${k} ${ms(d).toFixed(0)}`)
      .join(', ');
  };
  const f = (x, w = 6) => (Number.isFinite(x) ? x.toFixed(0) : '–').padStart(w);
  const lines = [];
  // The page's path: its marks in time order.
  const path = [
    ['first contentful paint', list.find((e) => e.name === 'firstContentfulPaint')?.ts],
    ['simulator worker made', mark('bench:new:1')],
    ['first run posted', mark('bench:post:1:1')],
    ['first run answered', mark('bench:reply:1:1')],
    ['editor ready', mark('bench:editor-ready')],
  ];
  lines.push('page start-up: ms from navigation');
  for (const [name, ts] of path) lines.push(`  ${f(ts === undefined ? NaN : at(ts))}  ${name}`);
  lines.push("the page's thread, tasks ≥ 8 ms to editor ready: start, wall, CPU ms (V8 inside)");
  const end = mark('bench:editor-ready') ?? Infinity;
  for (const t of tasks)
    if (threadOf(t) === 'page' && t.dur >= 8000 && t.ts >= t0 && t.ts <= end)
      lines.push(`  ${f(at(t.ts))} ${f(ms(t.dur))} ${f(ms(t.tdur))}  ${inside(t)}`);
  // Each simulator worker: its tasks ≥ 3 ms, with the runs posted to it (id 0: warm-up).
  const simThreads = [...new Set(tasks.map((t) => `${t.pid}:${t.tid}`))]
    .filter((k) => (scripts.get(Number(k.split(':')[1])) ?? '').startsWith('worker'))
    .map((k) => tasks.filter((t) => `${t.pid}:${t.tid}` === k).sort((a, b) => a.ts - b.ts))
    .sort((a, b) => a[0].ts - b[0].ts);
  const posts = [...marks.values()]
    .filter((m) => m.name.startsWith('bench:post:'))
    .map((m) => ({ worker: Number(m.name.split(':')[2]), run: m.name.split(':')[3], ts: m.ts }));
  simThreads.forEach((own, i) => {
    const id = i + 1;
    const terminated = mark(`bench:terminate:${id}`);
    lines.push(
      `simulator worker ${id} (made at ${f(at(mark(`bench:new:${id}`) ?? NaN), 0)} ms${terminated ? `, terminate() at ${f(at(terminated), 0)}` : ''}): tasks ≥ 3 ms, start, wall, CPU ms`,
    );
    // Up to the task that evaluates the bundle, the worker is starting (fetch, compile, evaluate).
    let starting = true;
    for (const t of own) {
      const got = inside(t);
      const wasStarting = starting;
      if (/evaluate/.test(got)) starting = false;
      if (t.dur < 3000) continue;
      const run = posts.filter((p) => p.worker === id && p.ts <= t.ts).at(-1);
      const what = wasStarting
        ? 'start-up'
        : run
          ? run.run === '0'
            ? 'warm-up run'
            : `run ${run.run}`
          : 'idle';
      const late = terminated !== undefined && t.ts + t.dur > terminated;
      lines.push(
        `  ${f(at(t.ts))} ${f(ms(t.dur))} ${f(ms(t.tdur))}  ${what}${late ? ` (ran on ${f(ms(t.ts + t.dur - terminated), 0)} ms after terminate())` : ''}  ${got}`,
      );
    }
  });
  // A fresh worker's first real run: what else took CPU while it ran.
  simThreads.forEach((own, i) => {
    const id = i + 1;
    const first = posts.find((p) => p.worker === id && p.run !== '0');
    if (!first || id === 1) return;
    const reply = marks.get(`bench:reply:${id}:${first.run}`);
    if (!reply) return;
    const [lo, hi] = [first.ts, reply.ts];
    const cpu = new Map();
    for (const t of tasks) {
      const s = Math.max(t.ts, lo);
      const e = Math.min(t.ts + t.dur, hi);
      if (e <= s || t.dur === 0) continue;
      const simIndex = simThreads.findIndex((o) => o[0].tid === t.tid && o[0].pid === t.pid);
      const name = simIndex >= 0 ? `simulator worker ${simIndex + 1}` : threadOf(t);
      if (!name) continue;
      const label = name.startsWith('worker ') ? `worker ${scripts.get(t.tid) ?? '?'}` : name;
      cpu.set(label, (cpu.get(label) ?? 0) + (t.tdur * (e - s)) / t.dur);
    }
    lines.push(
      `worker ${id}'s first real run (run ${first.run}): posted → reply ${f(ms(hi - lo), 0)} ms wall; CPU ms per thread meanwhile:`,
    );
    for (const [name, us] of [...cpu].sort((a, b) => b[1] - a[1]))
      if (us >= 500) lines.push(`  ${f(ms(us))}  ${name}`);
    // Its split: posted → the worker's task starts (the queue: a warm-up run in progress, the
    // thread waiting for a core), the task (wall, CPU), its end → the page has the reply.
    const mine = own.filter((t) => t.ts + t.dur > lo && t.ts < hi && t.dur > 0);
    if (mine.length > 0) {
      const start = mine[0].ts;
      const endTs = Math.max(...mine.map((t) => t.ts + t.dur));
      const wall = mine.reduce((a, t) => a + t.dur, 0);
      const cpuOwn = mine.reduce((a, t) => a + (t.tdur ?? 0), 0);
      lines.push(
        `  split: posted → its task starts ${f(ms(start - lo), 0)} ms, the task ${f(ms(wall), 0)} ms wall / ${f(ms(cpuOwn), 0)} CPU (${mine.map(inside).filter(Boolean).join('; ') || 'no V8 events'}), its end → reply ${f(ms(hi - endTs), 0)} ms`,
      );
    }
  });
  return lines;
}
