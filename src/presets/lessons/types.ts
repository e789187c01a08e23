// A lesson: a scenario and the steps a class walks through it, each with what to read, the change
// to make to the scenario (one click does it), and a "predict, then play" question whose answer
// the run reveals. Pure data: the app's lesson panel (src/panels/lesson/) plays it, and
// lessons.test.ts runs every step's scenario to check that each answer is what the run shows.

/** One exact replacement in the lesson's base text (found exactly once: the test checks). */
export interface TextChange {
  find: string;
  replace: string;
}

/** What the run of a step shows: spec.replicas' first change after `after` seconds. */
export interface RunCheck {
  after: number;
  /** the time of that change (seconds), or null: no change after `after` */
  at: number | null;
  /** the replicas it changed to */
  replicas?: number;
}

export interface LessonQuestion {
  prompt: string;
  choices: string[];
  /** index of the right choice */
  answer: number;
  /** said once the answer is revealed, right or wrong */
  explain: string;
  /** the sync whose explanation reveals the answer (playback stops there) */
  revealAt: number;
  /** where "Play to see" starts (default: the step's selected sync, else 0) */
  playFrom?: number;
}

export interface LessonStep {
  title: string;
  /** what to read, a few sentences */
  text: string;
  /**
   * The scenario of this step: the base text with these changes (none: the base). A step without
   * `scenario` keeps the previous step's.
   */
  scenario?: TextChange[];
  /** the change in words, as a learner would make it by hand (a YAML edit, a curve drag) */
  change?: string;
  /** the sync to select when the step opens */
  select?: number;
  question?: LessonQuestion;
  /** what the run shows for this step's answer; checked by lessons.test.ts */
  check?: RunCheck;
  /**
   * An engine part the simulator does not have yet: the step's answer is said in words, and the
   * run does not show it. `keda-plane`: KEDA's own loop around the HPA (activation, cooldown).
   */
  needs?: 'keda-plane';
}

export interface Lesson {
  /** stable: share links carry it */
  id: string;
  title: string;
  /** one sentence for the gallery */
  summary: string;
  /** the scenario it starts from: a file under src/presets (`lessons/x.yaml`, `cpu-70-vs-60.yaml`) */
  base: string;
  steps: LessonStep[];
}
