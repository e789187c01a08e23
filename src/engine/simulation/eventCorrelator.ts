// What the API server holds of the controller's events: kube-controller-manager records them
// through client-go's EventCorrelator, which counts repeats, combines similar events and drops
// a source's events about one object beyond a token bucket. `kubectl describe hpa` lists these
// Event objects, not every event the controller emitted.
// upstream: kubernetes/client-go tools/record/events_cache.go (EventCorrelator.EventCorrelate,
// EventAggregator.EventAggregate, eventLogger.eventObserve, EventSourceObjectSpamFilter.Filter)
// and events/event.go recordEvent (a first send with a count above 1 is a create).

import type { HPAEvent } from '../controller/index.ts';

/** An event the controller emitted, at its sync's time. */
export interface TimedEvent extends HPAEvent {
  time: number;
}

/** "if we see the same event that varies only by message more than 10 times in a 10 minute period" */
export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_SECONDS = 600;
/** "allow a source to send 25 events about an object … refill … 1 new event every 5 minutes" */
export const SPAM_BURST = 25;
export const SPAM_QPS = 1 / 300;

export const COMBINED_PREFIX = '(combined from similar events): ';

/** An Event object as the API server stores it after the controller's last accepted send. */
export interface StoredEvent extends TimedEvent {
  /** lastTimestamp is `time`; firstTimestamp: */
  firstTime: number;
  count: number;
}

interface AggregateRecord {
  /** distinct messages seen (Go's sets.String; insertion order here) */
  localKeys: Set<string>;
  lastTimestamp: number;
}

/**
 * One controller's correlator. Every HPA event has the same source (component
 * "horizontal-pod-autoscaler") and, per HPA, the same involved object, so the spam key is one
 * bucket and the aggregate key is type + reason.
 */
export class EventCorrelator {
  private readonly aggregates = new Map<string, AggregateRecord>();
  private readonly observed = new Map<string, { count: number; firstTime: number }>();
  /** the API server's Event objects, by the correlator's cache key */
  private readonly stored = new Map<string, StoredEvent>();
  private tokens = SPAM_BURST;
  private tokensAt = -Infinity;

  /** eventCorrelate: aggregate, observe (count), then filter; true when the event was sent. */
  eventCorrelate(e: TimedEvent): boolean {
    const { event, key } = this.eventAggregate(e);
    const observedEvent = this.eventObserve(event, key);
    if (this.filter(e.time)) return false;
    this.stored.set(key, observedEvent);
    return true;
  }

  /** The stored events, oldest lastTimestamp first (kubectl describe's SortableEvents order). */
  events(): StoredEvent[] {
    return [...this.stored.values()].sort((a, b) => a.time - b.time);
  }

  private eventAggregate(e: TimedEvent): { event: TimedEvent; key: string } {
    const eventKey = `${e.type}\u0000${e.reason}\u0000${e.message}`;
    const aggregateKey = `${e.type}\u0000${e.reason}`;
    let record = this.aggregates.get(aggregateKey);
    if (!record || e.time - record.lastTimestamp > AGGREGATE_INTERVAL_SECONDS)
      record = { localKeys: new Set(), lastTimestamp: e.time };
    record.localKeys.add(e.message);
    record.lastTimestamp = e.time;
    this.aggregates.set(aggregateKey, record);
    if (record.localKeys.size < AGGREGATE_MAX_EVENTS) return { event: e, key: eventKey };
    // "do not grow our local key set any larger than max": Go pops an arbitrary key (map order);
    // the oldest here, so a run stays deterministic.
    const oldest = record.localKeys.values().next().value;
    if (oldest !== undefined) record.localKeys.delete(oldest);
    return { event: { ...e, message: COMBINED_PREFIX + e.message }, key: aggregateKey };
  }

  private eventObserve(e: TimedEvent, key: string): StoredEvent {
    const last = this.observed.get(key);
    const count = last ? last.count + 1 : 1;
    const firstTime = last ? last.firstTime : e.time;
    this.observed.set(key, { count, firstTime });
    return { ...e, count, firstTime };
  }

  /**
   * The spam filter's token bucket (flowcontrol's, over x/time/rate's Limiter.AllowN: full at
   * first, refilled since the last accepted event, state unchanged by a refusal): true skips.
   */
  private filter(t: number): boolean {
    const tokens = Math.min(SPAM_BURST, this.tokens + (t - this.tokensAt) * SPAM_QPS);
    if (tokens < 1) return true;
    this.tokens = tokens - 1;
    this.tokensAt = t;
    return false;
  }
}

/** The Event objects the API server holds after `events` (in emission order), newest last. */
export function storedEvents(events: Iterable<TimedEvent>): StoredEvent[] {
  const c = new EventCorrelator();
  for (const e of events) c.eventCorrelate(e);
  return c.events();
}
