/**
 * The monaco-yaml language worker, wrapped in a local module so Vite bundles it as a worker of
 * its own (importing `monaco-yaml/yaml.worker.js?worker` directly fails under Vite with
 * "Unexpected usage" in loadForeignModule).
 */
import 'monaco-yaml/yaml.worker.js';
