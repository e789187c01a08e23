export { ClustersPanel } from './ClustersPanel.tsx';
export { ClusterDecision } from './ClusterDecision.tsx';
