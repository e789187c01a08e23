// What the node plane did, as a timeline: the explanation and the charts read it.

export type NodeEventKind =
  /** cluster-autoscaler asked the cloud for nodes */
  | 'scale-up'
  /** a node turned Ready; pods that waited for it were bound */
  | 'node-ready'
  /** nodes removed (empty) */
  | 'scale-down'
  /** a node cordoned and its pods evicted, to remove it */
  | 'drain'
  /** pods wait and the node group is at its max */
  | 'max-size'
  /** a pod asks more than an empty node holds: it stays Pending for good */
  | 'no-fit';

export interface NodeEvent {
  time: number;
  kind: NodeEventKind;
  /** the nodes it concerns, by name */
  nodes: string[];
  /** pods it concerns (waiting, bound, evicted) */
  pods: number;
  message: string;
}
