// The page's player: the focus slice's playback (playing, speed and the selection it moves, all
// in the store), as one object for the playback bar, the shortcuts and a lesson. Paused when the
// page unmounts.

import { useEffect, useMemo } from 'react';
import { useActions, usePlaybackSpeed, usePlaying, type PlaybackState } from '../store/index.ts';

export function usePlayback(
  /** the syncs that rescaled, in order (for "next rescale"; none: the player has none) */
  rescales?: ArrayLike<number>,
): PlaybackState {
  const actions = useActions();
  const playing = usePlaying();
  const speed = usePlaybackSpeed();
  useEffect(() => () => actions.pause(), [actions]);
  return useMemo(
    () => ({
      playing,
      speed,
      play: actions.play,
      playFrom: actions.playFrom,
      pause: actions.pause,
      toggle: actions.togglePlay,
      step: actions.stepSync,
      jump: (direction: 1 | -1) => actions.jumpToRescale(direction, rescales ?? []),
      setSpeed: actions.setPlaybackSpeed,
    }),
    [actions, playing, speed, rescales],
  );
}
