// A search's life in the app: start a Web Worker pool on the scenario text, run the seeded search
// (its generator on the page, evaluations in the workers), report progress, cancel on demand.

import { useCallback, useEffect, useRef, useState } from 'react';
import { startTunePool, type TunePool } from '../../bridge/tunePool.ts';
import type { Goals } from '../../tune/goals.ts';
import { search, type SearchOptions, type SearchResult } from '../../tune/search.ts';

export type TuneState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'running'; done: number; total: number; workers: number }
  | { status: 'done'; result: SearchResult; workers: number; seconds: number }
  | { status: 'error'; error: string };

export function useTuneSearch() {
  const [state, setState] = useState<TuneState>({ status: 'idle' });
  const current = useRef<{ signal: { aborted: boolean }; pool: TunePool | null } | null>(null);

  const cancel = useCallback(() => {
    const c = current.current;
    if (!c) return;
    c.signal.aborted = true;
    c.pool?.close();
  }, []);

  // Leaving the panel stops its workers.
  useEffect(() => cancel, [cancel]);

  const start = useCallback(
    async (text: string, goals: Goals, options: SearchOptions, workers: number) => {
      cancel();
      const mine = { signal: { aborted: false }, pool: null as TunePool | null };
      current.current = mine;
      setState({ status: 'starting' });
      const started = await startTunePool(text, workers);
      if (mine.signal.aborted) {
        if (started.ok) started.pool.close();
        return;
      }
      if (!started.ok) {
        setState({ status: 'error', error: started.error });
        return;
      }
      mine.pool = started.pool;
      const n = started.pool.workers;
      const t0 = performance.now();
      setState({ status: 'running', done: 0, total: options.budget, workers: n });
      try {
        const result = await search(started.base, goals, options, started.pool.evaluate, {
          signal: mine.signal,
          onProgress: (p) => {
            if (current.current === mine)
              setState({ status: 'running', done: p.done, total: p.total, workers: n });
          },
        });
        if (current.current === mine)
          setState({
            status: 'done',
            result,
            workers: n,
            seconds: (performance.now() - t0) / 1000,
          });
      } catch (e) {
        if (current.current === mine) setState({ status: 'error', error: (e as Error).message });
      } finally {
        started.pool.close();
      }
    },
    [cancel],
  );

  return { state, start, cancel };
}
