// Not in upstream: how the engine creates an empty list that will hold objects.

/**
 * An empty array already of objects' elements kind. A `[]` starts as small integers' kind and
 * changes kind (and hidden class) at its first object, so code that read lists before and after
 * saw two kinds: V8 threw away its optimised code and compiled it again, run after run for lists
 * made anew every run (the scale events: 10 deopts and 35 recompiles over 100 warm runs of the
 * default scenario). Lists grown by appending (index = length) stay of this kind.
 */
export function objectList<T>(): T[] {
  const list = [null as unknown as T];
  list.length = 0;
  return list;
}

/**
 * An empty array already of doubles' elements kind, for lists of numbers that are not all
 * small integers by construction. A `[]` takes the kind of its first values, and a difference
 * of two doubles that happens to be whole is a heap number in unoptimised code (the list turns
 * to doubles) but a small integer in optimised code (it stays small integers): the same run's
 * list had one kind while the code was cold and another once it was hot, and code optimised
 * on the first deoptimised at every later run (the KPIs' episodes: once a run, for ever).
 */
export function doubleList(): number[] {
  const list = [0.5];
  list.length = 0;
  return list;
}

/**
 * A copy of a record's own enumerable keys, in order, of the very hidden class its source has.
 * An object spread (`{ ...o }`) takes the class V8's clone cache gives at that spread, and the
 * cache changes with what the site has seen (its first objects, then others of other shapes):
 * copies of the same manifest made before and after a different scenario had two classes, and
 * the controller's code optimised on one threw itself away on the other. Keys are defined, not
 * assigned, so `__proto__` from a user's text stays a plain key.
 */
export function recordCopy<T extends object>(source: T): T {
  const out = {} as Record<string, unknown>;
  const from = source as Record<string, unknown>;
  for (const key of Object.keys(from))
    Object.defineProperty(out, key, {
      value: from[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out as T;
}
