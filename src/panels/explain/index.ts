export { ExplainPanel, type ExplainPanelProps } from './ExplainPanel.tsx';
export { runTitle, type ExplainedRun } from './RunSwitch.tsx';
export { rescalesOf, type Rescale } from './rescales.ts';
