// The README's promises about the tree: its "What is here" table covers every folder under src/
// and names nothing that is gone; the quick start stays two commands.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The text of the `## title` section, up to the next `## ` heading. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

const rows = section('What is here')
  .split('\n')
  .filter((line) => line.startsWith('| `'));
const listed = rows.flatMap((row) =>
  [...row.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
);
const links = rows.flatMap((row) => [...row.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!));

const folders = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}${e.name}/`);

/** A folder is covered when the table lists it, or lists every folder inside it. */
function uncovered(dir: string): string[] {
  if (listed.includes(dir)) return [];
  const children = folders(dir);
  return children.length === 0 ? [dir] : children.flatMap(uncovered);
}

describe('README.md "What is here"', () => {
  it('lists paths', () => {
    expect(listed.length).toBeGreaterThan(10);
  });

  it('names only paths that exist', () => {
    expect(listed.filter((p) => !existsSync(join(root, p)))).toEqual([]);
    expect(links.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('covers every folder under src/', () => {
    expect(folders('src/').flatMap(uncovered)).toEqual([]);
  });
});

describe('README.md quick start and tests', () => {
  it('is two commands', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(section('Quick start'))?.[1] ?? '';
    expect(block.split('\n').filter((l) => l.trim() !== '')).toHaveLength(2);
  });

  it('names the static checks CI runs', () => {
    expect(section('Tests')).toContain('`npm run check`');
  });
});
