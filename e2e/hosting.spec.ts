// The built app hosted anywhere: dist/ served under a sub-path (/tools/hpa-sim/) by a plain static
// server this test starts, and the embed view (`#s=…&embed=1`) inside an <iframe> of a blog page
// served under another path of the same server. The config's own web server builds dist/ first.
import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { encodeScenario } from '../src/share/codec.ts';

// Not on e2e/fixtures.ts: Playwright's own screenshots of a failed test (its config turns them off).
test.use({ screenshot: 'only-on-failure' });

const DIST = resolve(import.meta.dirname, '..', 'dist');
const PREFIX = '/tools/hpa-sim/';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};
const scenario = readFileSync(
  resolve(import.meta.dirname, '../src/presets/story-2-fast-up-slow-down.yaml'),
  'utf8',
);

let server: Server;
let origin = '';
const served: string[] = [];

test.beforeAll(async () => {
  const payload = await encodeScenario(scenario);
  const blog = `<!doctype html><html><head><link rel="icon" href="data:,"><title>A post about the HPA</title></head><body>
<h1>Fast up, slow down</h1><p>What the controller does, played back:</p>
<iframe id="sim" src="${PREFIX}#s=${payload}&amp;embed=1" title="hpa-sim: embedded" width="960" height="560" style="border:0"></iframe>
</body></html>`;
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    served.push(path);
    if (path === '/blog/post.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(blog);
    }
    if (!path.startsWith(PREFIX)) {
      res.writeHead(404);
      return res.end('not under the sub-path');
    }
    const rel = path.slice(PREFIX.length) || 'index.html';
    const file = normalize(join(DIST, rel));
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404);
      return res.end('not found');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

function watch(page: import('@playwright/test').Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test('the build works from a sub-path and ships no source maps', async ({ page }) => {
  const errors = watch(page);
  const before = served.length;
  await page.goto(`${origin}${PREFIX}`);
  await expect(page.getByRole('heading', { level: 1, name: /hpa-sim/ })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-editor-ready', 'true', {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  // Everything came from under the sub-path: nothing asked the server's root.
  const asked = served.slice(before);
  expect(asked.filter((p) => !p.startsWith(PREFIX))).toEqual([]);
  expect(asked.some((p) => /\/assets\/monaco-.*\.js$/.test(p))).toBe(true);
  // index.html's inline script started the simulator worker (vite.config.ts): its file exists.
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const early = html.match(/new Worker\("\.\/(assets\/worker-[\w-]+\.js)"/)?.[1];
  expect(early && existsSync(join(DIST, early))).toBe(true);
  expect(asked).toContain(`${PREFIX}${early}`);
  expect(errors).toEqual([]);
  const maps = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.map'),
  );
  expect(maps).toEqual([]);
  // Every script is ASCII (vite.config.ts `charset`): one character past Latin-1 makes V8 keep
  // the whole source as a two-byte string, and Blink decode it the slow way.
  const scripts = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(3);
  const wide = scripts.filter((f) =>
    /[\x80-\xff]/.test(readFileSync(join(DIST, 'assets', f), 'latin1')),
  );
  expect(wide).toEqual([]);
});

test('the Share menu offers an <iframe> snippet of the embed view', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${origin}${PREFIX}`);
  await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Embed' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed snippet' }).inputValue();
  expect(snippet).toMatch(
    new RegExp(
      `^<iframe src="${origin.replace(/\./g, '\\.')}/tools/hpa-sim/#s=v1\\.[A-Za-z0-9_-]+&amp;embed=1" title="hpa-sim: `,
    ),
  );
  expect(snippet).toContain('height="560"');
});

test('the embed view in an iframe: charts, playback, a clicked sync explained, Open in hpa-sim', async ({
  page,
}) => {
  const errors = watch(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${origin}/blog/post.html`);
  const frame = page.frameLocator('#sim');
  const chart = frame.getByRole('figure', { name: /Replicas over time/ });
  await expect(chart).toBeVisible({ timeout: 30_000 });
  // Just the charts, playback and the explanation: no editor, no toolbar.
  await expect(frame.getByTestId('scenario-editor')).toHaveCount(0);
  await expect(frame.getByRole('toolbar', { name: 'Main' })).toHaveCount(0);
  await expect(frame.getByRole('button', { name: /play/i }).first()).toBeVisible();
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.55);
  await expect(frame.getByRole('region', { name: 'Explanation' })).toContainText('AbleToScale', {
    timeout: 10_000,
  });
  const open = frame.getByRole('link', { name: 'Open in hpa-sim' });
  const href = await open.getAttribute('href');
  expect(href).toMatch(
    new RegExp(`^${origin.replace(/\./g, '\\.')}/tools/hpa-sim/#s=v1\\.[A-Za-z0-9_-]+$`),
  );
  expect(await open.getAttribute('target')).toBe('_blank');
  await page.screenshot({ path: 'test-results/embed-1280.png' });
  expect(errors).toEqual([]);
});

test('an embed link with a position (`&at=`) opens on that sync, explained', async ({ page }) => {
  const errors = watch(page);
  const payload = await encodeScenario(scenario);
  await page.goto(`${origin}${PREFIX}#s=${payload}&at=40&embed=1`);
  const bar = page.getByRole('group', { name: 'Playback' });
  await expect(bar).toContainText(/sync 40\/\d+/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Explanation' })).toContainText('AbleToScale', {
    timeout: 10_000,
  });
  // Playing goes on from there: the position lives in the store, as a click's would.
  await bar.getByRole('button', { name: 'Step forward one sync' }).click();
  await expect(bar).toContainText(/sync 41\/\d+/);
  expect(errors).toEqual([]);
});
