export {
  ExplainPanel,
  runTitle,
  type ExplainedRun,
  type ExplainPanelProps,
} from './ExplainPanel.tsx';
