export {
  ExplainPanel,
  runTitle,
  type ExplainedRun,
  type ExplainPanelProps,
} from './ExplainPanel.tsx';
export { rescalesOf, type Rescale } from './rescales.ts';
