/**
 * A scaler's metadata read as KEDA's typed config reads it (kedacore/keda v2.20.2
 * pkg/scalers/scalersconfig/typed_config.go): a value is trimmed and an empty one is missing; a
 * missing required parameter, a default, an enum, and numbers parsed by encoding/json (so `.5`,
 * `+5` and `5.` are refused, and an int64 field refuses `5.5`), each with KEDA's message.
 */
import type { Reporter } from '../diagnostics.ts';
import type { Path } from '../types.ts';
import { rec, str, type Obj } from './types.ts';

/** encoding/json's verdict on `text` as a number: its value, or the error Go prints. */
export function jsonNumber(text: string, goType: 'float64' | 'int64'): number | string {
  if (text === 'null') return 0;
  if (text === 'true' || text === 'false')
    return `json: cannot unmarshal bool into Go value of type ${goType}`;
  if (text.startsWith('"')) return `json: cannot unmarshal string into Go value of type ${goType}`;
  let i = 0;
  const at = (what: string) => `invalid character '${text[i]}' ${what}`;
  const digits = () => {
    const s = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    return i > s;
  };
  if (text[i] === '-') i++;
  if (i >= text.length) return 'unexpected end of JSON input';
  if (text[i] === '0') i++;
  else if (!digits())
    return i === 0 ? at('looking for beginning of value') : at('in numeric literal');
  if (text[i] === '.') {
    i++;
    if (i >= text.length) return 'unexpected end of JSON input';
    if (!digits()) return at('after decimal point in numeric literal');
  }
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (i >= text.length) return 'unexpected end of JSON input';
    if (!digits()) return at('in exponent of numeric literal');
  }
  if (i < text.length) return at('after top-level value');
  const n = Number(text);
  if (goType === 'int64' && (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n)))
    return `json: cannot unmarshal number ${text} into Go value of type int64`;
  return n;
}

interface Spec {
  optional?: boolean;
  default?: string;
  /** Where the typed config looks (the `order=` tag), as KEDA's message names it. */
  order?: string;
}

/** One trigger's metadata, read parameter by parameter; `ok` turns false at the first refusal. */
export class ScalerParams {
  ok = true;
  /** The words before a refusal when the scaler's own differ from `error parsing <type> metadata`. */
  label: string | null = null;
  readonly metadata: Obj;
  constructor(
    readonly trigger: Obj,
    readonly at: Path,
    private readonly report: Reporter,
  ) {
    this.metadata = rec(trigger.metadata);
  }

  get type(): string {
    return str(this.trigger.type);
  }

  /** The trigger names an authentication (TriggerAuthentication), which may hold any parameter. */
  get authenticated(): boolean {
    return rec(this.trigger.authenticationRef).name !== undefined;
  }

  /** `<name>FromEnv`: the value is in the container's environment, which the text does not hold. */
  fromEnv(name: string): string | null {
    const v = str(this.metadata[`${name}FromEnv`]).trim();
    return v === '' ? null : v;
  }

  fail(name: string | null, message: string): null {
    this.ok = false;
    const has = name !== null && str(this.metadata[name]).trim() !== '';
    this.report.error(
      has ? [...this.at, 'metadata', name] : [...this.at, 'metadata'],
      `${this.label ?? `error parsing ${this.type} metadata`}: ${message}`,
      has ? 'value' : 'key',
    );
    return null;
  }

  /** A located error that is not KEDA's (what the text lacks for the simulation), said as is. */
  need(name: string | null, message: string): null {
    this.ok = false;
    const has = name !== null && str(this.metadata[name]).trim() !== '';
    this.report.error(
      has ? [...this.at, 'metadata', name] : [...this.at, 'metadata'],
      message,
      has ? 'value' : 'key',
    );
    return null;
  }

  /** configParamValue then the default; null when absent and optional (or refused). */
  raw(name: string, spec: Spec = {}): string | null {
    const v = str(this.metadata[name]).trim();
    if (v !== '') return v;
    if (spec.default !== undefined) return spec.default;
    if (spec.optional || this.fromEnv(name) !== null) return null;
    return this.fail(
      null,
      `missing required parameter "${name}" in [${spec.order ?? 'triggerMetadata'}]`,
    );
  }

  string(name: string, spec: Spec = {}): string | null {
    return this.raw(name, spec);
  }

  private number(name: string, goType: 'float64' | 'int64', spec: Spec): number | null {
    const v = this.raw(name, spec);
    if (v === null) return null;
    const n = jsonNumber(v, goType);
    if (typeof n === 'string')
      return this.fail(
        name,
        `unable to set param "${name}" value "${v}": unable to unmarshal to field type ${goType}: ${n} — ${numberFix(name, goType)}`,
      );
    return n;
  }

  float(name: string, spec: Spec = {}): number | null {
    return this.number(name, 'float64', spec);
  }

  int(name: string, spec: Spec = {}): number | null {
    return this.number(name, 'int64', spec);
  }

  /** A bool parameter as strconv.ParseBool reads it (anything else is false here). */
  flag(name: string): boolean {
    return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(str(this.metadata[name]).trim());
  }

  oneOf(name: string, values: readonly string[], spec: Spec = {}): string | null {
    const v = this.raw(name, spec);
    if (v === null) return null;
    if (!values.includes(v))
      return this.fail(
        name,
        `parameter "${name}" value "${v}" must be one of [${values.join(' ')}]`,
      );
    return v;
  }
}

/** What to write instead of a value KEDA cannot read as the parameter's number. */
function numberFix(name: string, goType: 'float64' | 'int64'): string {
  return goType === 'int64'
    ? `write a whole number, e.g. ${name}: "10"`
    : `write a number, e.g. ${name}: "5" or "0.5"`;
}
