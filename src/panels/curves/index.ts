export { CurvePanel, type CurvePanelProps } from './CurvePanel.tsx';
