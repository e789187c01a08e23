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
 * From a trace: CPU ms per gesture of each thread (workers named by their script, hash dropped;
 * two workers of one script are counted together: the simulator and its spare), and the page
 * thread's self time by event name (an event's thread time less its children's).
 */
export function traceBreakdown(buffer, gestures, top = 12) {
  const events = JSON.parse(buffer.toString('utf8'));
  const list = Array.isArray(events) ? events : events.traceEvents;
  const names = new Map();
  for (const e of list) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const scripts = new Map();
  for (const e of list) {
    const d = e.name === 'TracingSessionIdForWorker' ? e.args?.data : null;
    if (d?.workerThreadId !== undefined)
      scripts.set(
        d.workerThreadId,
        d.url
          .split('/')
          .pop()
          .replace(/-[\w-]{8}\.js$/, '.js'),
      );
  }
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
