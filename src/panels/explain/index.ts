export { ExplainPanel, type ExplainPanelProps } from './ExplainPanel.tsx';
export { decisionChain, type ChainStep } from './model/decisionChain.ts';
export { describeHpa } from './model/describe.ts';
export { describeMetricLine } from './model/metricText.ts';
export { stabilizationModel } from './model/stabilization.ts';
