/**
 * Self-hosted Monaco workers: both are bundled by Vite from node_modules and served by the app
 * (no CDN, no network). Must be imported before the first editor is created.
 *
 * Only YAML models are ever created, so the JSON/CSS/HTML/TypeScript workers of the full
 * `monaco-editor` entry are never asked for; should one be, it gets the plain editor worker
 * (basic features) rather than a request to anywhere.
 */
import type { Environment } from 'monaco-editor';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import YamlWorker from './yaml.worker.ts?worker';

const environment: Environment = {
  getWorker(_moduleId: string, label: string): Worker {
    if (label === 'yaml') return new YamlWorker({ name: 'monaco-yaml' });
    return new EditorWorker({ name: `monaco-${label}` });
  },
};

self.MonacoEnvironment = environment;
