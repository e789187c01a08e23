// The 1.6 MB reproducer realfile-hang-98dc61c9 (issue 28), generated rather than committed: a
// byte-order mark, then thousands of JSON objects (HPAs and Deployments with many containers),
// one minified, one pretty, and so on, with a stray comma after the second. After the mark kubectl
// reads YAML, where every line of it is a syntax error: the parse took 3.8 s.

const hpa = (i: number) => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: `web\u202e-${i}` },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web\u202e' },
    minReplicas: 1,
    maxReplicas: i % 7 === 0 ? 100 : 10,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
      },
    ],
  },
});

const deployment = (i: number) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: `web\u202e-${i}` },
  spec: {
    replicas: 3,
    template: {
      spec: {
        containers: Array.from({ length: 50 }, (_, c) => ({
          name: `c${c}`,
          image: 'nginx',
          resources: { requests: { cpu: '1Ei', memory: 'x' }, limits: { cpu: '200m' } },
          readinessProbe: { initialDelaySeconds: 5, periodSeconds: 3601, successThreshold: 101 },
        })),
      },
    },
  },
});

export function realfileHangText(targetChars = 1_586_000): string {
  const parts: string[] = [];
  let size = 1;
  for (let i = 0; size < targetChars; i++) {
    const object = i % 5 === 4 ? deployment(i) : hpa(i);
    const text = JSON.stringify(object, null, i % 2 === 1 ? 2 : undefined) + (i === 1 ? ',' : '');
    parts.push(text);
    size += text.length;
  }
  return `\ufeff${parts.join('')}`;
}
