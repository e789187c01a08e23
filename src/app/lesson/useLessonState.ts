// Which lesson is open and at which step: page state, started from a share link's `&lesson=`
// (a lesson or step this app does not have is ignored: the link opens without a lesson).
import { useState } from 'react';
import { lessonById } from '../../presets/lessons/index.ts';
import { readShareLesson, type ShareLesson } from '../../share/index.ts';

function fromLink(): ShareLesson | null {
  try {
    const linked = readShareLesson();
    const lesson = linked && lessonById(linked.id);
    return lesson && linked.step < lesson.steps.length ? linked : null;
  } catch {
    return null;
  }
}

export function useLessonState() {
  return useState<ShareLesson | null>(fromLink);
}
