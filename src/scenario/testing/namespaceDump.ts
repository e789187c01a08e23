// A `kubectl get deploy,hpa -o yaml` dump of a busy namespace, for tests of the size limit: one
// HPA among `deployments` Deployments (about 2 KB each, as kubectl prints them with their
// last-applied annotation and status), the HPA's own Deployment among them.

function deployment(name: string, i: number): string {
  const applied = JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      annotations: {},
      labels: { app: name, team: `team-${i % 17}` },
      name,
      namespace: 'shop',
    },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ image: `registry.example.com/${name}:1.${i % 9}.0`, name: 'app' }] },
      },
    },
  });
  return `- apiVersion: apps/v1
  kind: Deployment
  metadata:
    annotations:
      deployment.kubernetes.io/revision: "${(i % 5) + 1}"
      kubectl.kubernetes.io/last-applied-configuration: |
        ${applied}
    creationTimestamp: "2024-05-0${(i % 9) + 1}T10:00:00Z"
    generation: ${(i % 5) + 1}
    labels:
      app: ${name}
      team: team-${i % 17}
    name: ${name}
    namespace: shop
    resourceVersion: "${100000 + i}"
    uid: 5d6c${String(i).padStart(4, '0')}-1f2e-4a3b-9c8d-0123456789ab
  spec:
    progressDeadlineSeconds: 600
    replicas: 2
    revisionHistoryLimit: 10
    selector:
      matchLabels:
        app: ${name}
    strategy:
      rollingUpdate:
        maxSurge: 25%
        maxUnavailable: 25%
      type: RollingUpdate
    template:
      metadata:
        labels:
          app: ${name}
      spec:
        containers:
        - image: registry.example.com/${name}:1.${i % 9}.0
          imagePullPolicy: IfNotPresent
          name: app
          ports:
          - containerPort: 8080
            protocol: TCP
          readinessProbe:
            failureThreshold: 3
            httpGet:
              path: /healthz
              port: 8080
              scheme: HTTP
            periodSeconds: 10
            successThreshold: 1
            timeoutSeconds: 1
          resources:
            limits:
              cpu: "1"
              memory: 512Mi
            requests:
              cpu: 250m
              memory: 256Mi
          terminationMessagePath: /dev/termination-log
          terminationMessagePolicy: File
        dnsPolicy: ClusterFirst
        restartPolicy: Always
        schedulerName: default-scheduler
        terminationGracePeriodSeconds: 30
  status:
    availableReplicas: 2
    observedGeneration: ${(i % 5) + 1}
    readyReplicas: 2
    replicas: 2
    updatedReplicas: 2
`;
}

const HPA = `- apiVersion: autoscaling/v2
  kind: HorizontalPodAutoscaler
  metadata:
    creationTimestamp: "2024-05-01T10:00:00Z"
    name: web
    namespace: shop
    resourceVersion: "99999"
    uid: 0a1b2c3d-0000-4000-8000-000000000001
  spec:
    maxReplicas: 20
    metrics:
    - resource:
        name: cpu
        target:
          averageUtilization: 60
          type: Utilization
      type: Resource
    minReplicas: 2
    scaleTargetRef:
      apiVersion: apps/v1
      kind: Deployment
      name: web-1234
  status:
    currentReplicas: 2
    desiredReplicas: 2
`;

/** The dump: the HPA first, then the Deployments (number 1234 is `web-1234`, the HPA's). */
export function namespaceDump(deployments: number): string {
  const items = [HPA];
  for (let i = 0; i < deployments; i++)
    items.push(deployment(i === 1234 ? 'web-1234' : `svc-${String(i).padStart(4, '0')}`, i));
  return `apiVersion: v1\nitems:\n${items.join('')}kind: List\nmetadata:\n  resourceVersion: ""\n`;
}
