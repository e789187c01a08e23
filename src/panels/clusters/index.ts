export { ClustersPanel } from './ClustersPanel.tsx';
