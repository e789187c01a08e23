import { chromium } from '@playwright/test';
import chromiumLaunch from './e2e/chromium.json' with { type: 'json' };
const base = process.argv[2] ?? 'http://127.0.0.1:4191/';
const browser = await chromium.launch({ executablePath: chromiumLaunch.executablePath, args: chromiumLaunch.args });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await ctx.addInitScript(() => {
  window.__ev = [];
  const mark = (k, extra) => window.__ev.push([k, performance.now(), extra]);
  window.__mark = mark;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...r) { if (m?.path?.[0] === 'run') mark('post'); return post.call(this, m, ...r); };
  const add = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    const spy = (e) => {
      const t = e.data?.value?.timings;
      if (t) mark('reply', t);
      const r = typeof listener === 'function' ? listener.call(this, e) : listener.handleEvent(e);
      if (t) mark('replyHandled');
      return r;
    };
    return add.call(this, type, spy, options);
  };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) mark('longtask', e.duration); }).observe({ entryTypes: ['longtask'] });
});
const page = await ctx.newPage();
await page.goto(base);
await page.waitForSelector('[data-editor-ready="true"]', { timeout: 30_000 });
await page.evaluate(() => {
  const hook = window.__hpaSimEditor; const text = hook.getValue();
  const start = text.indexOf('  traffic:'); const end = text.indexOf('  load:', start);
  hook.setValue(text.slice(0, start) + '  traffic: { type: ramp, points: [{ at: 0, value: 300 }, { at: 43200, value: 1200 }, { at: 86400, value: 300 }] }\n' + text.slice(end));
});
await page.waitForFunction(() => document.querySelector('[aria-label="Simulator status"]')?.textContent === 'up to date' && document.querySelector('[role="slider"][aria-label="traffic point 2"]'), null, { timeout: 30_000 });
const box = await page.getByRole('slider', { name: 'traffic point 2' }).boundingBox();
const x = box.x + box.width / 2, y = box.y + box.height / 2;
const cdp = await ctx.newCDPSession(page); await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.mouse.move(x, y); await page.mouse.down(); await cdp.send('Profiler.start');
const rows = [];
for (let i = 0; i < 21; i++) {
  const before = await page.evaluate(() => {
    window.__ev = [];
    window.addEventListener('pointermove', () => window.__mark('move'), { capture: true, once: true });
    return document.querySelector('.kpi-strip .kpi .kpi-value')?.textContent ?? '';
  });
  await page.mouse.move(x, y + (i % 2 === 0 ? 16 : 0));
  const ev = await page.evaluate((prev) => new Promise((resolve) => {
    const isDone = () => (document.querySelector('.kpi-strip .kpi .kpi-value')?.textContent ?? '') !== prev && !document.querySelector('.sim-charts.is-stale') && document.querySelector('[aria-label="Simulator status"]')?.textContent === 'up to date';
    const fin = () => { window.__mark('seen'); requestAnimationFrame(() => { window.__mark('raf1'); const ch = new MessageChannel(); ch.port1.onmessage = () => window.__mark('afterPaint'); ch.port2.postMessage(0); requestAnimationFrame(() => { window.__mark('raf2'); resolve(window.__ev); }); }); };
    if (isDone()) return fin();
    const mo = new MutationObserver(() => { if (isDone()) { mo.disconnect(); clearTimeout(to); fin(); } });
    mo.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
    const to = setTimeout(() => { mo.disconnect(); resolve(window.__ev); }, 5000);
  }), before);
  if (i > 0) rows.push(ev);
}
await page.mouse.up(); const { profile } = await cdp.send('Profiler.stop'); (await import('node:fs')).writeFileSync('/tmp/page.cpuprofile', JSON.stringify(profile));
const t0 = (ev) => ev.find((e) => e[0] === 'move')?.[1];
for (const ev of rows) {
  const s = t0(ev);
  console.log(ev.map((e) => `${e[0]}:${(e[1] - s).toFixed(0)}${e[2] !== undefined ? '(' + (typeof e[2] === 'object' ? `p${e[2].parseMs.toFixed(0)} s${e[2].simulateMs.toFixed(0)}` : e[2].toFixed(0)) + ')' : ''}`).join(' '));
}
await browser.close();
