import type { Lesson } from './types.ts';

export const stabilizationWindow: Lesson = {
  id: 'stabilization-window',
  title: 'The stabilization window is not a cooldown',
  summary:
    'A sliding maximum over the last five minutes of recommendations, not a wait after a scale.',
  base: 'lessons/stabilization-window.yaml',
  steps: [
    {
      title: 'The load halves',
      text: '20 pods carry the load. At 10:00 it halves; at 12:00 it falls again. Scale-down has a 300 s stabilization window: the HPA scales down to the highest recommendation of the last five minutes.',
      select: 39,
      question: {
        prompt: 'When does the first scale-down come?',
        choices: [
          '10:00 — the last scale was long ago',
          '15:00 — once the high recommendations are five minutes old',
          '20:00 — the window waits, then five more minutes',
        ],
        answer: 1,
        explain:
          'At 15:00 the recommendations of 20 from before 10:00 have left the window, so the highest in it is 16, then 10: ScaleDownStabilized until then.',
        revealAt: 60,
        playFrom: 39,
      },
      check: { after: 0, at: 900, replicas: 16 },
    },
    {
      title: 'Not five minutes after the last scale',
      text: 'A cooldown would wait five minutes after each scale-down. The window only remembers recommendations: the second drop at 12:00 is five minutes old at 17:00.',
      select: 61,
      question: {
        prompt: 'The first scale-down ended at 15:15. When is the next one?',
        choices: [
          '20:15 — five minutes after the last scale-down',
          '17:00 — five minutes after the load fell again',
          'Never: the window holds 10',
        ],
        answer: 1,
        explain:
          'At 17:00 the last recommendation of 10 (from 12:00) leaves the window: the replicas go to 8, then 4, only two minutes after the previous scale-down.',
        revealAt: 68,
        playFrom: 61,
      },
      check: { after: 915, at: 1020, replicas: 8 },
    },
    {
      title: 'No window',
      text: 'Set stabilizationWindowSeconds to 0: every sync scales down to what the metrics ask for right now.',
      scenario: [
        { find: 'stabilizationWindowSeconds: 300', replace: 'stabilizationWindowSeconds: 0' },
      ],
      change: 'behavior.scaleDown.stabilizationWindowSeconds: 300 → 0',
      select: 39,
      question: {
        prompt: 'Without a window, when does it first scale down?',
        choices: ['10:00 exactly', '10:15 — the next sync that sees the lower CPU', '15:00'],
        answer: 1,
        explain:
          'metrics-server reports CPU as a rate between scrapes, so the sync at 10:15 is the first to see the drop; it scales down at once.',
        revealAt: 41,
        playFrom: 39,
      },
      check: { after: 0, at: 615, replicas: 16 },
    },
  ],
};
