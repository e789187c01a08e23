import type { Lesson } from './types.ts';

export const ratioAndTolerance: Lesson = {
  id: 'ratio-and-tolerance',
  title: 'The ratio and the tolerance band',
  summary: 'desired = ceil(pods × current / target), unless the ratio is within 10 % of 1.',
  base: 'cpu-70-vs-60.yaml',
  steps: [
    {
      title: 'The ratio',
      text: 'Eight pods run at 70 % of their CPU request; the target is 60 %. The HPA multiplies the ready pods by the ratio current / target and rounds up.',
      select: 0,
      question: {
        prompt: 'How many replicas does the HPA ask for at its first sync?',
        choices: ['9', '10', '12'],
        answer: 1,
        explain:
          'ceil(8 × 70 / 60) = ceil(9.33) = 10. With 10 pods sharing the work, each runs at 56 %: inside the band, so it stays at 10.',
        revealAt: 0,
      },
      check: { after: -1, at: 0, replicas: 10 },
    },
    {
      title: 'The tolerance band',
      text: 'Raise the target to 65 %. The ratio is now 70 / 65 = 1.077. The controller does nothing while the ratio is within 10 % of 1: the band [0.9, 1.1].',
      scenario: [{ find: 'averageUtilization: 60', replace: 'averageUtilization: 65' }],
      change: 'spec.metrics[0].resource.target.averageUtilization: 60 → 65',
      select: 0,
      question: {
        prompt: 'Eight pods at 70 % against 65 %: what happens?',
        choices: ['It scales to 9', 'It stays at 8', 'It scales to 10'],
        answer: 1,
        explain:
          'The ratio 1.077 is inside [0.9, 1.1], so the HPA keeps 8 pods (the tolerance step says "no change from this metric"). The band is about the ratio, not the utilization.',
        revealAt: 4,
      },
      check: { after: -1, at: null },
    },
    {
      title: 'A narrower band for scaling up',
      text: 'Since Kubernetes 1.33 (KEP-4951) each direction can have its own tolerance. Set behavior.scaleUp.tolerance to 5 %: the band above 1 ends at 1.05.',
      scenario: [
        { find: 'averageUtilization: 60', replace: 'averageUtilization: 65' },
        {
          find: '  metrics:\n',
          replace: '  behavior:\n    scaleUp:\n      tolerance: "0.05"\n  metrics:\n',
        },
      ],
      change: 'add behavior.scaleUp.tolerance: "0.05"',
      select: 0,
      question: {
        prompt: 'With a 5 % scale-up tolerance, how many replicas now?',
        choices: ['8', '9', '10'],
        answer: 1,
        explain: 'The ratio 1.077 is outside [0.9, 1.05]: ceil(8 × 1.077) = ceil(8.6) = 9.',
        revealAt: 0,
      },
      check: { after: -1, at: 0, replicas: 9 },
    },
    {
      title: 'What to take away',
      text: 'The HPA scales by a ratio, and a ratio near 1 does nothing. On a large fleet 10 % is many pods: a per-direction tolerance makes it react sooner on the way up and keeps it calm on the way down.',
    },
  ],
};
