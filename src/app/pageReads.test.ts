// The page (App.tsx) re-renders everything under it that is not memoized: it must not read a
// store field that an edit changes before its result arrives, or every keystroke re-renders the
// page beside the run it started. Those fields are read by the panes that show them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Hooks whose value moves at an edit (the text, its pending state, undo), not at its result. */
const PER_EDIT = [
  'useScenarioText',
  'useShownStale',
  'useIsStale',
  'useRunStatus',
  'useGestureActive',
  'useCanUndo',
  'useCanRedo',
];

function storeHooksOf(file: string): string[] {
  const source = readFileSync(join(import.meta.dirname, file), 'utf8');
  const imports = [...source.matchAll(/import\s*{([^}]*)}\s*from\s*'\.\.\/store\/index\.ts'/g)];
  return imports.flatMap((m) => m[1]!.split(',').map((name) => name.trim()));
}

describe('the page reads no per-edit state', () => {
  it('App.tsx imports none of the hooks an edit changes', () => {
    const hooks = storeHooksOf('App.tsx');
    expect(hooks).toContain('useResult'); // the scan reads the imports
    expect(hooks.filter((h) => PER_EDIT.includes(h))).toEqual([]);
  });
});

/** Hooks whose value is new at every parse or result (a new object or array each time). */
const PER_RESULT = ['useParseSummary', 'useResult', 'useRuns', 'useDrawSet', 'useSearchDraws'];

describe('the toolbar and the editor pane read what they show, not whole objects', () => {
  it('Toolbar.tsx reads no per-edit or per-result state (its export menu does)', () => {
    const hooks = storeHooksOf('Toolbar.tsx');
    expect(hooks).toContain('useParsedName');
    // Undo and redo flip when the history empties or fills, not at each edit.
    const perEdit = PER_EDIT.filter((h) => h !== 'useCanUndo' && h !== 'useCanRedo');
    expect(hooks.filter((h) => perEdit.includes(h) || PER_RESULT.includes(h))).toEqual([]);
  });

  it('EditorPane.tsx reads neither the whole text nor the whole parse', () => {
    const hooks = storeHooksOf('EditorPane.tsx');
    expect(hooks).toContain('useScenarioTextUnlessGesture');
    expect(hooks.filter((h) => h === 'useScenarioText' || PER_RESULT.includes(h))).toEqual([]);
  });
});
