export { ComparePanel } from './ComparePanel.tsx';
