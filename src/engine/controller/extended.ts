// Not in upstream: `{ ...base, ...fields }` for the controller's hot paths.

/**
 * The object `{ ...base, ...fields }` gives (the same keys in the same order, the same values),
 * built by Object.assign. V8 clones some of these objects (a replica calculation carrying a
 * double, a scale event) by its slow path, which gives every copy a map of its own: the reads of
 * every later calculation's fields then went megamorphic. Object.assign adds the fields along
 * shared transitions.
 */
export function extended<T extends object, U extends object>(base: T, fields: U): T & U {
  return Object.assign({}, base, fields);
}
