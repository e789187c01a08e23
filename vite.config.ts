import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Monaco and monaco-yaml (with their dependencies) form one lazily loaded chunk, `monaco-*.js`,
 * fetched only by the scenario editor's dynamic import (src/panels/editor). The tokenizers of
 * other languages and the JSON/CSS/HTML/TypeScript modes stay in their own small lazy chunks:
 * Monaco loads them only for a model in that language, and the app only has YAML models.
 */
const MONACO_PACKAGES =
  /[\\/]node_modules[\\/](monaco-editor|monaco-yaml|monaco-marker-data-provider|monaco-worker-manager|monaco-languageserver-types|vscode-uri)[\\/]/;
const LAZY_MONACO_PARTS =
  /[\\/]monaco-editor[\\/]esm[\\/]vs[\\/](basic-languages[\\/](?!yaml[\\/])[^\\/]+[\\/](?![^\\/]*contribution)[^\\/]+|language[\\/][^\\/]+[\\/][^\\/]*Mode)\.js$/;

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Only for the lazy Monaco chunk (~3.7 MB minified, ~0.93 MB gzip); keep an eye on the entry.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
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
  worker: { format: 'es' },
  optimizeDeps: {
    // Pre-bundle Monaco, monaco-yaml and the YAML worker's entry up front: found late (behind
    // the lazy import, or when the worker starts), they make the dev server re-optimize and
    // reload the page on the first visit.
    include: ['monaco-editor', 'monaco-yaml', 'monaco-yaml/yaml.worker.js'],
  },
});
