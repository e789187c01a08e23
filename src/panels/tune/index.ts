// The search panel (issue 10 item 3). See README.md.
export { TunePanel, type TunePanelProps } from './TunePanel.tsx';
