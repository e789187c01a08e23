// `npm run bench:ui -- --profile`: where an edit's and a drag frame's time goes, in CPU time (the
// machine's load moves it little, unlike latencies). A Chromium trace of the timed gestures gives
// each thread's CPU per gesture (the page's thread, and every worker by its script: the
// simulator, its spare, Monaco's YAML worker …) and the page thread's self time by trace event
// (script, GC, style, layout, paint …); a CPU profile of the page's thread gives the functions
// with the most self time (the build is not minified in this mode, so they have their names).

/** Trace categories: thread time (`tdur`) of every task and of what ran inside it. */
export const PROFILE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** Starts the page thread's CPU profile (sampled every 200 µs). */
export async function startCpuProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

/** The functions with the most self time in the profile, ms per gesture. */
export async function stopCpuProfile(cdp, gestures, top = 15) {
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const cf = byId.get(profile.samples[i]).callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') continue;
    const file = cf.url
      .split('/')
      .pop()
      .replace(/-[\w-]{8}\.js$/, '.js');
    const key = `${cf.functionName || '(anonymous)'} ${file ? `${file}:${cf.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name: name.trim(), ms: us / 1000 / gestures }));
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
    ...functions.map((t) => `  ${f(t.ms)}    ${t.name}`),
  ];
}
