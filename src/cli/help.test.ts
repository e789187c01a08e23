// `hpa-sim --help` is the first thing a new user of the installed command reads: it must name
// every command the CLI answers and every flag each command's parser accepts. The flags are read
// from the parsers' own specs, so a flag added later without a word in the help fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from './main.ts';

const read = (f: string) => readFileSync(join(import.meta.dirname, f), 'utf8');

/** The text without its comment lines (comments may speak of the repository's own scripts). */
const code = (text: string) =>
  text
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\/?\*)/.test(l))
    .join('\n');

/** The `name: 'string' | 'number' | 'boolean'` entries of a parser spec in a command's file. */
function specFlags(file: string): string[] {
  return [...read(file).matchAll(/^\s+'?([a-z][a-z-]*)'?: '(?:string|number|boolean)',$/gm)].map(
    (m) => m[1]!,
  );
}

describe('hpa-sim --help', () => {
  it('names every command main answers', () => {
    const src = read('main.ts');
    const commands = new Set([
      ...[...src.matchAll(/case '([a-z]+)':/g)].map((m) => m[1]!),
      ...[...src.matchAll(/argv\[0\] [!=]== '([a-z]+)'/g)].map((m) => m[1]!),
    ]);
    for (const c of ['help', 'version']) commands.delete(c);
    expect([...commands].sort()).toEqual(['check', 'conform', 'import', 'mcp', 'run', 'tune']);
    for (const c of commands) expect(USAGE, c).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
  });

  it.each(['run.ts', 'check.ts', 'tune.ts', 'importSeries.ts', 'prometheusImport.ts'])(
    "names every flag %s's parser accepts",
    (file) => {
      const flags = specFlags(file);
      expect(flags.length).toBeGreaterThan(2);
      for (const f of flags) expect(USAGE, `--${f} (${file})`).toContain(`--${f}`);
    },
  );

  it("names the installed command in its messages, never the repository's `cli` script", () => {
    // An installed user has no `npm run cli`: a usage line must read `hpa-sim conform …`.
    const said: string[] = [];
    for (const f of readdirSync(import.meta.dirname).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    ))
      for (const m of code(read(f)).matchAll(
        /['"`][^'"`\n]*\bcli (?:run|check|tune|import|conform)\b/g,
      ))
        said.push(`${f}: ${m[0]}`);
    expect(said).toEqual([]);
  });
});
