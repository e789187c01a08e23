// Binds a player to React: one player per mount, reading the latest selection through refs so
// the ticker never acts on a stale render; paused when the run changes or the page unmounts.

import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createPlayback, type PlaybackState, type Ticker } from './playback.ts';

const NO_RESCALES: number[] = [];

export function usePlayback(
  selected: number | null,
  count: number,
  select: (index: number) => void,
  ticker?: Ticker,
  /** the syncs that rescaled (for "next rescale") */
  rescales: ArrayLike<number> = NO_RESCALES,
): PlaybackState {
  const latest = useRef({ selected, count, select, rescales });
  latest.current = { selected, count, select, rescales };
  const [store] = useState(() =>
    createPlayback(
      {
        index: () => latest.current.selected,
        count: () => latest.current.count,
        rescales: () => latest.current.rescales,
        select: (i) => {
          // The app store answers asynchronously; the next tick must see this index already.
          latest.current.selected = i;
          latest.current.select(i);
        },
      },
      ticker,
    ),
  );
  useEffect(() => () => store.getState().pause(), [store]);
  return useStore(store);
}
