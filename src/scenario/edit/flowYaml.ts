// A plain value written as one line of flow YAML (`{ at: 60, value: 100 }`), the form the curve
// editor inserts: short, valid inside block and flow collections alike, and read back exactly.

import { formatNumber } from './setScalar.ts';

/** Plain scalars YAML 1.2 (core schema) or 1.1 readers could take for something else. */
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

function flowString(s: string): string {
  return /^[A-Za-z_][\w.-]*$/.test(s) && !RESERVED.test(s) ? s : JSON.stringify(s);
}

/** Numbers, strings, booleans, arrays and plain objects (key order kept); others throw. */
export function flowYaml(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return formatNumber(value);
  }
  if (typeof value === 'string') return flowString(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(flowYaml).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${flowString(k)}: ${flowYaml(v)}`).join(', ')} }`;
  }
  throw new Error(`cannot write ${String(value)} as YAML`);
}
