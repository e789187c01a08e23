// Binds a player to React: one player per mount, reading the latest selection through refs so
// the ticker never acts on a stale render; paused when the run changes or the page unmounts.

import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createPlayback, type PlaybackState, type Ticker } from './playback.ts';

export function usePlayback(
  selected: number | null,
  count: number,
  select: (index: number) => void,
  ticker?: Ticker,
): PlaybackState {
  const latest = useRef({ selected, count, select });
  latest.current = { selected, count, select };
  const [store] = useState(() =>
    createPlayback(
      {
        index: () => latest.current.selected,
        count: () => latest.current.count,
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
