// The explanation keeps showing the last sync it had while the next one is fetched (the store
// clears it on every new selection), so stepping and playback do not flash an empty panel. A new
// run drops it: its syncs are other syncs.

import { useRef } from 'react';
import type { ResultPayload, SyncDetail } from '../../worker/protocol.ts';

export function useLastDetail(
  detail: SyncDetail | null,
  result: ResultPayload | null,
): SyncDetail | null {
  const kept = useRef<{ detail: SyncDetail | null; result: ResultPayload | null }>({
    detail: null,
    result: null,
  });
  if (kept.current.result !== result) kept.current = { detail: null, result };
  if (detail) kept.current.detail = detail;
  return kept.current.detail;
}
