import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Monaco and monaco-yaml (with their dependencies) form one lazily loaded chunk, `monaco-*.js`,
 * fetched only by the scenario editor's dynamic import (src/panels/editor). The editor imports
 * Monaco's API and the features it uses (`src/panels/editor/monaco.ts`), not the whole
 * `monaco-editor` entry; should anything bring other languages' tokenizers or modes, they stay in
 * their own small lazy chunks (Monaco loads them only for a model in that language).
 */
const MONACO_PACKAGES =
  /[\\/]node_modules[\\/](monaco-editor|monaco-yaml|monaco-marker-data-provider|monaco-worker-manager|monaco-languageserver-types|vscode-uri)[\\/]/;
const LAZY_MONACO_PARTS =
  /[\\/]monaco-editor[\\/]esm[\\/]vs[\\/](basic-languages[\\/](?!yaml[\\/])[^\\/]+[\\/](?![^\\/]*contribution)[^\\/]+|language[\\/][^\\/]+[\\/][^\\/]*Mode)\.js$/;

/**
 * Starts fetching the lazy editor (Monaco and the editor module) with the page, at low priority,
 * instead of after the entry has run: the editor is ready sooner and the first paint does not
 * wait for it (a modulepreload is fetched and compiled, not run). Marked `data-lazy`, so
 * `npm run bench:ui` keeps it out of the initial JS.
 */
function preloadEditor(): Plugin {
  return {
    name: 'hpa-sim:preload-editor',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c) => c.type === 'chunk' && (c.name === 'monaco' || c.name === 'ScenarioEditor'),
        );
        return chunks.map((c) => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            crossorigin: true,
            // Relative, like every other asset: the app works from any sub-path.
            href: `./${c.fileName}`,
            fetchpriority: 'low',
            'data-lazy': true,
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** Where index.html's inline script leaves the worker it started (src/bridge/index.ts takes it). */
const HTML_WORKER_GLOBAL = '__hpaSimHtmlWorker';

/**
 * Starts the simulator worker from index.html, a classic inline script at the head's top, instead
 * of from the entry module: a module runs only once it and its static imports are fetched and
 * compiled, so the worker's fetch, compile and first run waited for the entry's (on a loaded
 * machine the entry arrived 1.3 s after it was asked for, `bench:ui -- --profile --fresh-worker`).
 * The bridge adopts it (`startSimulatorWorker`); where the script did not run or failed (the dev
 * server, no Worker), the bridge starts one as before. The worker's file is the one bundle named
 * `worker-*` (src/worker/worker.ts); if that ever matches none or several, nothing is injected.
 */
function startWorkerInHtml(): Plugin {
  return {
    name: 'hpa-sim:start-worker-in-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) =>
          /^assets\/worker-[\w-]+\.js$/.test(f),
        );
        if (files.length !== 1) return [];
        const url = JSON.stringify(`./${files[0]}`);
        return [
          {
            tag: 'script',
            children: `try{self.${HTML_WORKER_GLOBAL}=new Worker(${url},{type:"module",name:"hpa-sim simulator"})}catch(e){}`,
            // Before the stylesheet: an inline script after one waits for it to load.
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}

/** The Monaco modules `src/panels/editor/monaco.ts` imports (each a deep import). */
const MONACO_MODULES = [
  ...readFileSync(new URL('./src/panels/editor/monaco.ts', import.meta.url), 'utf8').matchAll(
    /^import (?:\* as \w+ from )?'(monaco-editor\/[^']+)';/gm,
  ),
].map((m) => m[1]!);

/**
 * Cross-origin isolation (the page loads nothing from another origin): it gives the page shared
 * memory, which the simulator workers' stop signal needs (src/worker/stopSignal.ts: an interrupted
 * run stops at once instead of running on for up to 2 s after terminate()). Serve the built app
 * with the same two headers to have it; without them the app works as before.
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  server: { headers: ISOLATION_HEADERS },
  preview: { headers: ISOLATION_HEADERS },
  // Relative asset URLs: the built app is served from any path (`/`, `/tools/hpa-sim/`, a file).
  base: './',
  plugins: [react(), preloadEditor(), startWorkerInHtml()],
  build: {
    target: 'es2022',
    // No source maps by default (they were 27 MB); HPA_SIM_SOURCEMAP=1 npm run build keeps them.
    sourcemap: process.env.HPA_SIM_SOURCEMAP === '1',
    // Only for the lazy Monaco chunk (~3.3 MB minified, ~0.84 MB gzip); keep an eye on the entry.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        // Non-ASCII characters escaped (\uXXXX): a script with any character past Latin-1 is a
        // two-byte string to V8 (twice the memory, a slower scan) and skips Blink's ASCII decode.
        // Every chunk had some (our messages' "—", "≤"; Monaco's). Interleaved cold pages, 6 a
        // side: editor ready 3,789 → 3,460 ms, the renderer's CPU to it 5.6 → 5.1 s.
        charset: 'ascii',
        codeSplitting: {
          groups: [
            {
              name: 'monaco',
              test: (id: string) => MONACO_PACKAGES.test(id) && !LAZY_MONACO_PARTS.test(id),
              // Not their shared dependencies (Vite's preload helper above all): pulled in here,
              // they would make the entry import this chunk statically, i.e. load Monaco eagerly.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // The workers' bundles escaped too (see `charset` above).
  worker: { format: 'es', rolldownOptions: { output: { charset: 'ascii' } } },
  optimizeDeps: {
    // Pre-bundle Monaco, monaco-yaml and the YAML worker's entry up front: found late (behind
    // the lazy import, or when the worker starts), they make the dev server re-optimize and
    // reload the page on the first visit.
    include: [...MONACO_MODULES, 'monaco-yaml', 'monaco-yaml/yaml.worker.js'],
  },
});
