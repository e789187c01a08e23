export { ExplainPanel, type ExplainPanelProps } from './ExplainPanel.tsx';
export { decisionChain, type ChainStep } from '../../explain/decisionChain.ts';
export { describeHpa } from '../../explain/describe.ts';
export { describeMetricLine } from '../../explain/metricText.ts';
export { stabilizationModel } from '../../explain/stabilization.ts';
