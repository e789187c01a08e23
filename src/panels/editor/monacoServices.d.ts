// Types for the one Monaco module imported by name beyond the editor API (monaco.ts): it ships
// no declarations. Only what monaco.ts calls.
declare module 'monaco-editor/esm/vs/editor/standalone/browser/standaloneServices.js' {
  export const StandaloneServices: {
    /** the services every editor shares, with `overrides` by service id; a no-op once started */
    initialize(overrides: Record<string, unknown>): unknown;
  };
}
