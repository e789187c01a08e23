// Nodes under a cluster: the pool, its provisioner, the plane that runs them, what a run keeps.
export { NodePlane } from './nodePlane.ts';
export { NodePool, podRequests, podsPerNode, type SimNode } from './pool.ts';
export { ClusterAutoscaler, estimate } from './clusterAutoscaler.ts';
export { NodeRecorder } from './record.ts';
export { provisioningDelay } from './delay.ts';
export { nodeKpiLines, nodeEventLines, nodeWaitAfter, type NodeWait } from './explain.ts';
export type * from './events.ts';
export type * from './result.ts';
