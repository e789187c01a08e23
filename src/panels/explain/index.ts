export { ExplainPanel, type ExplainPanelProps } from './ExplainPanel.tsx';
