// The lessons, in the gallery's order, and how a step's scenario is made from the lesson's base.
import { kedaCooldown } from './kedaCooldown.ts';
import { policies } from './policies.ts';
import { ratioAndTolerance } from './ratioAndTolerance.ts';
import { stabilizationWindow } from './stabilizationWindow.ts';
import type { Lesson, LessonStep, TextChange } from './types.ts';

export type { Lesson, LessonQuestion, LessonStep, RunCheck, TextChange } from './types.ts';

export const LESSONS: readonly Lesson[] = [
  ratioAndTolerance,
  stabilizationWindow,
  policies,
  kedaCooldown,
];

export function lessonById(id: string): Lesson | null {
  return LESSONS.find((l) => l.id === id) ?? null;
}

/** The changes of step `index`: its own, or the nearest earlier step's (none: the base). */
export function stepChanges(lesson: Lesson, index: number): TextChange[] {
  for (let i = Math.min(index, lesson.steps.length - 1); i >= 0; i--) {
    const s: LessonStep = lesson.steps[i]!;
    if (s.scenario) return s.scenario;
  }
  return [];
}

/** The base text with each change applied once (null: a change no longer fits the text). */
export function withChanges(base: string, changes: readonly TextChange[]): string | null {
  let text = base;
  for (const c of changes) {
    const at = text.indexOf(c.find);
    if (at < 0) return null;
    text = text.slice(0, at) + c.replace + text.slice(at + c.find.length);
  }
  return text;
}
