export { PlaybackBar, type PlaybackBarProps } from './PlaybackBar.tsx';
export { usePlayback } from './usePlayback.ts';
