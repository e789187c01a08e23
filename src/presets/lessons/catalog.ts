// The lessons' base texts, bundled as raw text (browser build only; tests read the files).
import { stepChanges, withChanges, type Lesson } from './index.ts';

const files = import.meta.glob(['../*.yaml', './*.yaml'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** The text a lesson starts from (`base` is relative to src/presets). */
export function lessonBase(lesson: Lesson): string {
  return (
    files[lesson.base.startsWith('lessons/') ? `./${lesson.base.slice(8)}` : `../${lesson.base}`] ??
    ''
  );
}

/** The scenario of step `index`: the base with the step's changes (null: they do not fit). */
export function lessonStepText(lesson: Lesson, index: number): string | null {
  return withChanges(lessonBase(lesson), stepChanges(lesson, index));
}
