import type { Lesson } from './types.ts';

export const kedaCooldown: Lesson = {
  id: 'keda-cooldown',
  title: "KEDA's cooldownPeriod: N → 0, not N → 1",
  summary:
    'cooldownPeriod is KEDA’s wait before it takes a workload to zero; from N to 1 the HPA it creates decides.',
  base: 'lessons/keda-cooldown.yaml',
  steps: [
    {
      title: 'cooldownPeriod does not scale down',
      text: 'A ScaledObject with minReplicaCount 1 and cooldownPeriod 30. KEDA creates an HPA (keda-hpa-worker) and feeds it the Prometheus query; the HPA scales between 1 and 20. Jobs stop at 10:00.',
      select: 39,
      question: {
        prompt: 'When is the worker down to 1 replica?',
        choices: [
          '10:30 — after the 30 s cooldownPeriod',
          '15:00 — after the HPA’s 300 s scale-down window',
          'Never: KEDA keeps it at 10',
        ],
        answer: 1,
        explain:
          'With minReplicaCount ≥ 1 cooldownPeriod plays no part: the HPA scales down, with its default 300 s window (ScaleDownStabilized until 15:00; KEDA’s metrics server answers live, so the HPA reads the drop at 10:00).',
        revealAt: 60,
        playFrom: 39,
      },
      check: { after: 0, at: 900, replicas: 1 },
    },
    {
      title: 'The knob for N → 1',
      text: 'The HPA’s behavior is set in the ScaledObject under advanced.horizontalPodAutoscalerConfig.behavior. A 30 s scale-down window:',
      scenario: [
        {
          find: '  cooldownPeriod: 30\n',
          replace:
            '  cooldownPeriod: 30\n  advanced:\n    horizontalPodAutoscalerConfig:\n      behavior:\n        scaleDown:\n          stabilizationWindowSeconds: 30\n',
        },
      ],
      change:
        'add advanced.horizontalPodAutoscalerConfig.behavior.scaleDown.stabilizationWindowSeconds: 30',
      select: 39,
      question: {
        prompt: 'Now when is it down to 1?',
        choices: ['10:15', '15:00', '10:00'],
        answer: 0,
        explain: 'The HPA’s window is 30 s now: at 10:15 the high recommendations have left it.',
        revealAt: 41,
        playFrom: 39,
      },
      check: { after: 0, at: 615, replicas: 1 },
    },
    {
      title: 'minReplicaCount 0: straight to zero',
      text: 'With minReplicaCount 0, KEDA’s own loop acts: when no trigger has been active for cooldownPeriod, it sets the replicas to 0 from whatever they are — N → 0, past the HPA’s window and policies (kedacore/keda executor: scaleToZero). The run shows it: KEDA’s loop polls every 30 s and writes 10 → 0 at 10:30.',
      scenario: [{ find: 'minReplicaCount: 1', replace: 'minReplicaCount: 0' }],
      change: 'spec.minReplicaCount: 1 → 0',
      select: 39,
      question: {
        prompt: 'Jobs stop at 10:00; cooldownPeriod is 30 s. What does KEDA do?',
        choices: [
          'Waits for the HPA to reach 1, then 30 s more, then 0',
          'About 30 s after the last active poll, it sets 10 → 0 directly',
          'Nothing: the HPA decides',
        ],
        answer: 1,
        explain:
          'KEDA scales the target to zero once lastActiveTime + cooldownPeriod has passed, whatever the replica count: 10 → 0 at its first poll after about 10:30 (pollingInterval 30 s).',
        revealAt: 42,
        playFrom: 39,
      },
      check: { after: 0, at: 630, replicas: 0 },
    },
  ],
};
