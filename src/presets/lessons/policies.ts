import type { Lesson } from './types.ts';

export const policies: Lesson = {
  id: 'policies',
  title: 'Policies and selectPolicy',
  summary:
    'Scale-up policies limit what the metrics ask for; selectPolicy picks which limit counts.',
  base: 'lessons/policies.yaml',
  steps: [
    {
      title: 'Two limits',
      text: 'At 2:00 the load quadruples; within two syncs the metrics ask for 40 pods. Two policies limit a scale-up: 4 pods per minute, or 100 % per minute. selectPolicy: Max takes the one that allows more.',
      select: 8,
      question: {
        prompt: 'From 10 pods, how many after the first scale-up?',
        choices: ['14', '20', '40'],
        answer: 1,
        explain:
          '4 pods allows 14, 100 % allows 20; Max picks 20 (ScaleUpLimit). A minute later 100 % of 20 allows 40.',
        revealAt: 9,
        playFrom: 8,
      },
      check: { after: 0, at: 135, replicas: 20 },
    },
    {
      title: 'selectPolicy: Min',
      text: 'Min takes the policy that allows less: the slower of the two.',
      scenario: [{ find: 'selectPolicy: Max', replace: 'selectPolicy: Min' }],
      change: 'behavior.scaleUp.selectPolicy: Max → Min',
      select: 8,
      question: {
        prompt: 'With Min, how many after the first scale-up?',
        choices: ['14', '20', '12'],
        answer: 0,
        explain:
          '4 pods per minute allows 14, less than 20: Min picks it, and it takes until 8:15 to reach 38.',
        revealAt: 9,
        playFrom: 8,
      },
      check: { after: 0, at: 135, replicas: 14 },
    },
    {
      title: 'A limit never pushes',
      text: 'Back to Max, but the load now rises only to 600: the metrics ask for 12 pods. 100 % would allow 20.',
      scenario: [{ find: 'value: 2000 }', replace: 'value: 600 }' }],
      change: 'spec.traffic: the step at 2:00 goes to 600 instead of 2000 (drag it down)',
      select: 9,
      question: {
        prompt: 'How many replicas after the scale-up?',
        choices: ['12', '20', '14'],
        answer: 0,
        explain:
          'Policies cap the metrics’ proposal; they never add pods to it. The proposal is 12, within both limits.',
        revealAt: 10,
        playFrom: 9,
      },
      check: { after: 0, at: 150, replicas: 12 },
    },
    {
      title: 'selectPolicy: Disabled',
      text: 'Disabled turns scaling in this direction off. minReplicas and maxReplicas still hold: they are a separate clamp after the policies.',
      scenario: [{ find: 'selectPolicy: Max', replace: 'selectPolicy: Disabled' }],
      change: 'behavior.scaleUp.selectPolicy: Max → Disabled',
      select: 9,
      question: {
        prompt: 'The metrics ask for 40. What happens?',
        choices: ['It scales to 40', 'It stays at 10', 'It scales to 14'],
        answer: 1,
        explain:
          'With scale-up Disabled the replicas stay at 10 (ScaleUpLimit), however far the load rises.',
        revealAt: 12,
        playFrom: 8,
      },
      check: { after: 0, at: null },
    },
  ],
};
