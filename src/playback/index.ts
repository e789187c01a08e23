export { PlaybackBar, type PlaybackBarProps } from './PlaybackBar.tsx';
export { createPlayback, SPEEDS, type PlaybackState, type Speed, type Ticker } from './playback.ts';
export { usePlayback } from './usePlayback.ts';
