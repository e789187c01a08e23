/**
 * Plain scalars as kubectl reads them. kubectl turns YAML into JSON with sigs.k8s.io/yaml, whose
 * go-yaml v2 resolves plain scalars by YAML 1.1 rules (`resolve` in its resolve.go), not by the
 * YAML 1.2 core schema this project uses for its own Simulation document: `yes`/`on`/`y` are
 * true, `no`/`off`/`n` are false, `010` is octal 8, `1_000` is 1000, `0b101` is 5. So a Kubernetes
 * document (the HPA, its List, the scaled workload) is read with these rules, and `maxReplicas:
 * 010` means 8 here as in the cluster, and `canary: yes` is a boolean the API server refuses.
 *
 * Timestamps (`2024-01-01` becomes a time) are not resolved: they only matter in string fields,
 * where the API server refuses both forms' mistakes alike.
 */

const BOOLEANS: Record<string, boolean> = {
  y: true,
  Y: true,
  yes: true,
  Yes: true,
  YES: true,
  true: true,
  True: true,
  TRUE: true,
  on: true,
  On: true,
  ON: true,
  n: false,
  N: false,
  no: false,
  No: false,
  NO: false,
  false: false,
  False: false,
  FALSE: false,
  off: false,
  Off: false,
  OFF: false,
};

const SPECIAL_FLOATS: Record<string, number> = {
  '.nan': NaN,
  '.NaN': NaN,
  '.NAN': NaN,
  '.inf': Infinity,
  '.Inf': Infinity,
  '.INF': Infinity,
  '+.inf': Infinity,
  '+.Inf': Infinity,
  '+.INF': Infinity,
  '-.inf': -Infinity,
  '-.Inf': -Infinity,
  '-.INF': -Infinity,
};

/** go-yaml's yamlStyleFloat. */
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** Go's strconv.ParseInt(s, 0, 64) (then ParseUint), as a number; null when it fails. */
function parseGoInt(s: string): number | null {
  const m = /^([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!m) return null;
  const sign = m[1] === '-' ? -1 : 1;
  const body = m[2]!;
  let value: bigint;
  if (/^0[xXoObB]/.test(body)) value = BigInt(body.toLowerCase());
  else if (body.length > 1 && body[0] === '0') value = BigInt(`0o${body.slice(1)}`);
  else value = BigInt(body);
  const signed = sign < 0 ? -value : value;
  // ParseInt, else ParseUint (which takes no sign).
  if (signed >= -(2n ** 63n) && signed < 2n ** 63n) return Number(signed);
  if (m[1] === '' && value < 2n ** 64n) return Number(value);
  return null;
}

/**
 * The value go-yaml v2 gives a plain scalar written `source`, or undefined when it is a string
 * (then the YAML parser's value stands: a plain scalar over several lines is folded there).
 */
export function resolveYaml11(source: string): unknown {
  if (source in BOOLEANS) return BOOLEANS[source];
  if (
    source === '' ||
    source === '~' ||
    source === 'null' ||
    source === 'Null' ||
    source === 'NULL'
  )
    return null;
  if (source in SPECIAL_FLOATS) return SPECIAL_FLOATS[source];
  const first = source[0]!;
  if (first === '.') {
    const f = Number(source);
    return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(source) && Number.isFinite(f) ? f : undefined;
  }
  if (first !== '+' && first !== '-' && !(first >= '0' && first <= '9')) return undefined;
  const plain = source.replaceAll('_', '');
  const int = parseGoInt(plain);
  if (int !== null) return int;
  if (YAML_STYLE_FLOAT.test(plain)) return Number(plain);
  return undefined;
}
