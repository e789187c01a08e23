// V8's own answers about an object's layout, for tests that pin one hidden class (natives
// syntax, allowed from the import on in that test process): code optimised on one object runs
// on another only if both have the same hidden class, and a holey list is another class.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');

/** Whether `a` and `b` have the same hidden class (V8's map). */
export const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

/** Whether `a`'s elements are of a holey kind. */
export const holeyList = new Function('a', 'return %HasHoleyElements(a)') as (
  a: unknown[],
) => boolean;
