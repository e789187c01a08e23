// The explanation of one sync as pure data (see README.md).
export { decisionChain, type ChainStep } from './decisionChain.ts';
export { describeHpa } from './describe.ts';
export { replicasBefore, type BeforeSeries } from './replicasBefore.ts';
export { describeMetricLine } from './metricText.ts';
export { stabilizationModel, type StabilizationModel } from './stabilization.ts';
