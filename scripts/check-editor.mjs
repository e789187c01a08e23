#!/usr/bin/env node
/**
 * Browser check of the scenario editor (src/panels/editor) through its harness page, in
 * Debian's Chromium. Not a committed test: the harness is not part of the production app.
 *
 *   node scripts/check-editor.mjs          # production build of the harness + vite preview
 *   node scripts/check-editor.mjs --dev    # vite dev server (also checks: no reload on first visit)
 *   EDITOR_HARNESS_URL=http://127.0.0.1:5173/src/panels/editor/harness/harness.html \
 *     node scripts/check-editor.mjs        # a server you already run
 *
 * Checks: plain-text fallback before Monaco (typing works, nothing lost, focus handed over),
 * completion in both YAML documents, hover docs, our diagnostics as markers at the right range
 * (and no second set from monaco-yaml), external value changes (no onChange echo, Monaco undo),
 * light/dark theme, accessible name, no console errors, no request leaving the origin.
 * Screenshots: /tmp/editor-*.png. Prints `N passed, N failed`; exit status 1 on a failure.
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), EDITOR_SHOTS (default /tmp).
 */
import { chromium } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import chromiumLaunch from '../e2e/chromium.json' with { type: 'json' };

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const HARNESS = 'src/panels/editor/harness/harness.html';
const shots = process.env.EDITOR_SHOTS ?? '/tmp';
const dev = process.argv.includes('--dev');

// ---------------------------------------------------------------- server
let stopServer = async () => {};
let harnessUrl = process.env.EDITOR_HARNESS_URL;
if (!harnessUrl) {
  const vite = await import('vite');
  if (dev) {
    const server = await vite.createServer({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 5199, strictPort: false },
    });
    await server.listen();
    harnessUrl = new URL(HARNESS, server.resolvedUrls.local[0]).href;
    stopServer = () => server.close();
  } else {
    const outDir = await mkdtemp(join(tmpdir(), 'hpa-sim-editor-harness-'));
    await vite.build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { input: { harness: join(root, HARNESS) } },
      },
    });
    const server = await vite.preview({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 4199, strictPort: false },
    });
    harnessUrl = new URL(HARNESS, server.resolvedUrls.local[0]).href;
    stopServer = async () => {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    };
  }
}
const origin = new URL(harnessUrl).origin;
console.log(`harness: ${harnessUrl}${dev ? ' (dev server)' : ''}`);

// ---------------------------------------------------------------- checks
let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}
async function attempt(name, fn) {
  try {
    const detail = await fn();
    check(name, true, typeof detail === 'string' ? detail : '');
  } catch (error) {
    check(name, false, String(error?.message ?? error).split('\n')[0]);
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? chromiumLaunch.executablePath,
  args: chromiumLaunch.args,
});

/** A page with its own recorders: console errors, page errors, foreign requests, navigations. */
async function openPage({ delayEditorChunk = 0 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const rec = { consoleErrors: [], pageErrors: [], foreign: [], requests: [], navigations: 0 };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const { url, lineNumber } = m.location();
    if (process.env.DEBUG_EDITOR_CHECK)
      for (const a of m.args())
        a.evaluate((v) => (v && v.stack) || String(v)).then(
          (x) => console.log('  console arg:', x),
          (e) => console.log('  console arg failed', e.message),
        );
    rec.consoleErrors.push(
      `${m.text()}${url ? ` (${url.replace(origin, '')}:${lineNumber})` : ''}`,
    );
  });
  page.on('pageerror', (e) => {
    rec.pageErrors.push(e.message);
    if (process.env.DEBUG_EDITOR_CHECK) console.log('  pageerror:', e.stack);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) rec.navigations += 1;
  });
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    rec.requests.push(url);
    const { protocol, origin: o } = new URL(url);
    if (protocol !== 'data:' && protocol !== 'blob:' && o !== origin) {
      rec.foreign.push(url);
      return route.abort();
    }
    if (delayEditorChunk && /\/ScenarioEditor(-[\w-]+\.js|\.tsx)(\?.*)?$/.test(url)) {
      await new Promise((r) => setTimeout(r, delayEditorChunk));
    }
    return route.continue();
  });
  return { context, page, rec };
}

const editorReady = (page) =>
  page.waitForSelector('[data-testid=scenario-editor][data-editor-ready=true]', {
    timeout: 30_000,
  });
const hook = (page, fn, arg) => page.evaluate(fn, arg);
const getValue = (page) => hook(page, () => window.__hpaSimEditor.getValue());
const setValue = (page, text) => hook(page, (t) => window.__hpaSimEditor.setValue(t), text);
const setCursor = (page, line, column) =>
  hook(page, ([l, c]) => window.__hpaSimEditor.setCursor(l, c), [line, column]);
const markers = (page) => hook(page, () => window.__hpaSimEditor.markers());
const changeCount = async (page) =>
  Number((await page.textContent('[data-testid=harness-status]')).match(/onChange × (\d+)/)[1]);

/** Types `typed` at the end of line `line` (1-based) and returns the suggestion labels. */
async function suggestionsAfterTyping(page, line, typed) {
  await setCursor(page, line, 1000);
  await page.keyboard.type(typed);
  const rows = page.locator('.suggest-widget.visible .monaco-list-row');
  try {
    await rows.first().waitFor({ timeout: 8000 });
  } catch {
    await page.keyboard.press('Control+Space');
    await rows.first().waitFor({ timeout: 8000 });
  }
  return rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

/** Hovers the first visible token `word` on line `line`; returns the hover text. */
async function hoverText(page, line, word) {
  await setCursor(page, line, 1);
  await page.mouse.move(5, 5);
  const token = page.locator('.view-lines span span', { hasText: new RegExp(`^${word}$`) });
  await token.first().hover();
  const hover = page.locator('.monaco-hover:not(.hidden) .hover-contents').first();
  await hover.waitFor({ timeout: 8000 });
  return hover.innerText();
}

const lineOf = (text, predicate, from = 0) => {
  const i = text.split('\n').findIndex((l, n) => n >= from && predicate(l));
  if (i < 0) throw new Error('line not found');
  return i + 1;
};
const replaceLine = (text, line, replacement) => {
  const lines = text.split('\n');
  lines[line - 1] = replacement;
  return lines.join('\n');
};

try {
  // ---------------------------------------------------------------- 1: Monaco, features
  const { context, page, rec } = await openPage();
  const t0 = Date.now();
  await page.goto(harnessUrl);
  await editorReady(page);
  const readyMs = Date.now() - t0;
  check('Monaco mounts', true, `ready ${readyMs} ms after navigation`);
  const original = await getValue(page);
  const simStart = lineOf(original, (l) => l === 'kind: Simulation');

  await attempt('accessible name on the editing surface', async () => {
    const n = await page.getByRole('textbox', { name: 'Scenario YAML', exact: true }).count();
    if (n < 1) throw new Error('no textbox named "Scenario YAML"');
  });

  await attempt('valid preset: no markers, none from monaco-yaml', async () => {
    await page.waitForTimeout(1500); // give monaco-yaml time to (not) validate
    const m = await markers(page);
    if (m.length) throw new Error(JSON.stringify(m));
  });

  await attempt('completion in the Simulation document (dur → duration)', async () => {
    const line = lineOf(original, (l) => l === '  duration: 24h', simStart);
    await setValue(page, replaceLine(original, line, '  '));
    const labels = await suggestionsAfterTyping(page, line, 'dur');
    if (!labels.some((l) => l.startsWith('duration'))) throw new Error(JSON.stringify(labels));
    await page.screenshot({ path: `${shots}/editor-suggest.png` });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    const inserted = (await getValue(page)).split('\n')[line - 1];
    if (!/^ {2}duration:/.test(inserted))
      throw new Error(`accepted as ${JSON.stringify(inserted)}`);
    return `${labels.length} suggestion(s); accepted → ${JSON.stringify(inserted)}`;
  });

  await attempt('completion in the HPA document (minR → minReplicas)', async () => {
    await page.keyboard.press('Escape');
    const line = lineOf(original, (l) => l === '  minReplicas: 2');
    await setValue(page, replaceLine(original, line, '  '));
    const labels = await suggestionsAfterTyping(page, line, 'minR');
    await page.keyboard.press('Escape');
    if (!labels.some((l) => l.startsWith('minReplicas'))) throw new Error(JSON.stringify(labels));
  });

  await attempt('completion of values (kind in the Simulation document)', async () => {
    await setValue(page, replaceLine(original, simStart, 'kind: '));
    await setCursor(page, simStart, 1000);
    await page.keyboard.press('Control+Space');
    const rows = page.locator('.suggest-widget.visible .monaco-list-row');
    await rows.first().waitFor({ timeout: 8000 });
    const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    await page.keyboard.press('Escape');
    if (!labels.some((l) => l.startsWith('Simulation'))) throw new Error(JSON.stringify(labels));
  });

  await setValue(page, original);

  await attempt('hover on maxReplicas shows its description', async () => {
    const text = await hoverText(
      page,
      lineOf(original, (l) => l.includes('maxReplicas:')),
      'maxReplicas',
    );
    await page.screenshot({ path: `${shots}/editor-hover.png` });
    if (!text.includes('Highest replica count')) throw new Error(JSON.stringify(text));
    return JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 80));
  });

  await attempt('hover in the Simulation document (duration)', async () => {
    const line = lineOf(original, (l) => l.startsWith('  duration:'), simStart);
    const text = await hoverText(page, line, 'duration');
    if (!text.includes('Simulated time')) throw new Error(JSON.stringify(text));
  });
  await page.mouse.move(5, 5);

  await attempt('invalid edit (maxReplicas: -1) → our marker at the value', async () => {
    const line = lineOf(original, (l) => l.includes('maxReplicas:'));
    const invalid = replaceLine(original, line, '  maxReplicas: -1');
    await setValue(page, invalid);
    const column = invalid.split('\n')[line - 1].indexOf('-1') + 1;
    await page.waitForFunction(
      () => window.__hpaSimEditor.markers().some((m) => m.owner === 'hpa-sim'),
      null,
      { timeout: 8000 },
    );
    await page.waitForTimeout(1000);
    const m = await markers(page);
    const ours = m.filter((x) => x.owner === 'hpa-sim');
    const others = m.filter((x) => x.owner !== 'hpa-sim');
    if (others.length) throw new Error(`markers of another owner: ${JSON.stringify(others)}`);
    const at = ours.find(
      (x) =>
        x.severity === 'error' &&
        x.line === line &&
        x.column === column &&
        x.endLine === line &&
        x.endColumn === column + 2,
    );
    if (!at)
      throw new Error(`expected ${line}:${column}-${column + 2}, got ${JSON.stringify(ours)}`);
    await setCursor(page, line, column);
    await page.locator('.squiggly-error').first().waitFor({ timeout: 5000 });
    await page.screenshot({ path: `${shots}/editor-marker.png` });
    return `${ours.length} marker(s), first: ${at.message}`;
  });

  await attempt('external value (preset load): applied, no onChange echo', async () => {
    await setValue(page, original);
    await page.waitForTimeout(300);
    const before = await changeCount(page);
    await page.selectOption('select[aria-label=Preset]', 'flapping');
    await page.waitForTimeout(500);
    const text = await getValue(page);
    if (!text.includes('flapping') && text === original) throw new Error('preset not applied');
    const after = await changeCount(page);
    if (after !== before) throw new Error(`onChange called ${after - before}×`);
  });

  await attempt('Monaco undo reverts the external change and reports it', async () => {
    const before = await changeCount(page);
    await hook(page, () => window.__hpaSimEditor.focus());
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(300);
    if ((await getValue(page)) !== original) throw new Error('undo did not restore the text');
    if ((await changeCount(page)) !== before + 1) throw new Error('onChange not called once');
  });

  await attempt('external edit elsewhere keeps the cursor, no onChange', async () => {
    await setCursor(page, 2, 5);
    const before = await changeCount(page);
    await page.getByRole('button', { name: 'External edit' }).click();
    await page.waitForTimeout(300);
    const text = await getValue(page);
    if (!/^ {2}duration: 12h$/m.test(text)) throw new Error('external edit not applied');
    const cursor = await hook(page, () => window.__hpaSimEditor.getCursor());
    if (cursor.line !== 2 || cursor.column !== 5)
      throw new Error(`cursor moved to ${JSON.stringify(cursor)}`);
    if ((await changeCount(page)) !== before) throw new Error('onChange echoed');
    await page.getByRole('button', { name: 'Store undo' }).click();
    await page.waitForTimeout(300);
    if ((await getValue(page)) !== original) throw new Error('store undo not applied');
  });

  await attempt('unmount right after typing, remount: no error, text kept', async () => {
    await setCursor(page, 1, 1000);
    await page.keyboard.type(' x');
    await page.getByRole('button', { name: 'Unmount editor' }).click();
    await page.waitForTimeout(300);
    if ((await page.locator('[data-testid=scenario-editor]').count()) !== 0)
      throw new Error('still mounted');
    await page.getByRole('button', { name: 'Mount editor' }).click();
    await editorReady(page);
    if ((await getValue(page)).split('\n')[0] !== `${original.split('\n')[0]} x`)
      throw new Error('text lost');
    await setValue(page, original);
  });

  await attempt('light theme screenshot', async () => {
    await setCursor(page, 1, 1);
    await page.screenshot({ path: `${shots}/editor-light.png` });
    if ((await page.locator('.monaco-editor.vs').count()) < 1) throw new Error('not vs');
  });
  await attempt('dark theme follows the prop', async () => {
    await page.getByRole('button', { name: /dark theme/i }).click();
    await page.locator('.monaco-editor.vs-dark').first().waitFor({ timeout: 5000 });
    await page.screenshot({ path: `${shots}/editor-dark.png` });
  });

  await page.waitForTimeout(500);
  check('no console errors', rec.consoleErrors.length === 0, rec.consoleErrors.join(' | '));
  check('no page errors', rec.pageErrors.length === 0, rec.pageErrors.join(' | '));
  check('no request leaves the origin', rec.foreign.length === 0, rec.foreign.join(' '));
  check(
    'codicon font and workers served by the app',
    rec.requests.some((u) => /codicon[^/]*\.ttf/.test(u)) &&
      rec.requests.some((u) => /yaml\.worker/.test(u)) &&
      rec.requests.some((u) => /editor\.worker/.test(u)),
  );
  check(
    'exactly one page load (no dev-server reload)',
    rec.navigations === 1,
    `${rec.navigations}`,
  );
  await context.close();

  // ---------------------------------------------------------------- 2: fallback
  {
    const { context, page, rec } = await openPage({ delayEditorChunk: 2500 });
    await page.goto(harnessUrl);
    await attempt('plain-text fallback first, editable, hands over to Monaco', async () => {
      const fallback = page.getByRole('textbox', { name: 'Scenario YAML (loading editor)' });
      await fallback.waitFor({ timeout: 5000 });
      if ((await page.locator('[data-testid=scenario-editor]').count()) !== 0)
        throw new Error('Monaco already there: the delay did not hold it back');
      await page.screenshot({ path: `${shots}/editor-fallback.png` });
      await fallback.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('# typed before Monaco');
      const changes = await changeCount(page);
      if (changes < 1) throw new Error('typing in the fallback did not call onChange');
      await editorReady(page);
      const text = await getValue(page);
      if (!text.endsWith('# typed before Monaco')) throw new Error('the typed text was lost');
      const focused = await page.evaluate(
        () => !!document.activeElement?.closest('[data-testid=scenario-editor]'),
      );
      if (!focused) throw new Error('focus not handed over to Monaco');
      await page.keyboard.type(' and after');
      if (!(await getValue(page)).endsWith('# typed before Monaco and after'))
        throw new Error('cursor not kept at the end');
      return `${changes} onChange call(s) from the fallback`;
    });
    await page.waitForTimeout(1000);
    check(
      'fallback page: no errors',
      rec.consoleErrors.length + rec.pageErrors.length === 0,
      [...rec.consoleErrors, ...rec.pageErrors].join(' | '),
    );
    await context.close();
  }
} catch (error) {
  check('run', false, String(error?.stack ?? error));
} finally {
  await browser.close();
  await stopServer();
}

console.log(`screenshots: ${shots}/editor-{light,dark,suggest,hover,marker,fallback}.png`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
