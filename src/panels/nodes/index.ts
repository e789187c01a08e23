export { NodesPanel } from './NodesPanel.tsx';
