/**
 * A Helm chart template is not a manifest: `{{ … }}` only means something after `helm template`
 * renders it. Found before YAML parsing, so the user gets one message instead of dozens of YAML
 * and schema errors. `{{` inside a comment, a quoted string or a block scalar is ordinary text
 * (Prometheus alert descriptions hold `{{ $value }}`), so only template syntax in plain YAML
 * counts.
 */

const BLOCK_SCALAR = /:\s*[|>][-+0-9]*\s*(#.*)?$|^\s*-\s+[|>][-+0-9]*\s*(#.*)?$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * Where `token` starts on this line outside quotes (or also inside them when `quoted`), or -1; a
 * `#` outside quotes ends the scan.
 */
function plainToken(line: string, first: string, token: RegExp, quoted: boolean): number {
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === '"' && c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = null;
      else if (quoted && c === first && token.test(line.slice(i, i + 64))) return i;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return -1;
    else if (c === first && token.test(line.slice(i, i + 64))) return i;
  }
  return -1;
}

/**
 * Offset of the first match of `token` (anchored with ^, starting with the text `needle`) outside
 * comments and block scalars. Only a line holding the needle is scanned character by character.
 */
function plainTokenAt(text: string, needle: string, token: RegExp, quoted = false): number {
  let offset = 0;
  let blockIndent = -1;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indentOf(line) > blockIndent) continue;
      blockIndent = -1;
    }
    const at = line.includes(needle) ? plainToken(line, needle[0]!, token, quoted) : -1;
    if (at >= 0) return start + at;
    if (BLOCK_SCALAR.test(line)) blockIndent = indentOf(line);
  }
  return -1;
}

/** Offset of the first template `{{` in plain YAML, or -1. */
export function helmTemplateAt(text: string): number {
  return text.includes('{{') ? plainTokenAt(text, '{{', /^\{\{/) : -1;
}

/**
 * Offset of the first `${NAME}` placeholder outside comments (quoted or not), or -1: a file for
 * envsubst, Terraform's templatefile or Flux's post-build substitution. Such a value is still YAML
 * (a string), so a placeholder only explains errors; it never refuses a file by itself.
 */
export function placeholderAt(text: string): number {
  return text.includes('${') ? plainTokenAt(text, '${', /^\$\{[A-Za-z_][\w.:-]*\}/, true) : -1;
}

export const PLACEHOLDER_MESSAGE =
  'this file has ${…} placeholders (for envsubst, Terraform templatefile or Flux substitution), which the API server would take literally: substitute them first and paste the output, e.g. envsubst < hpa.yaml.tpl';

export const HELM_MESSAGE =
  'this is a Helm chart template ({{ … }} is Helm syntax, not YAML): render it first and paste the output, e.g. helm template RELEASE CHART --show-only templates/hpa.yaml (or kubectl get hpa NAME -o yaml from the cluster)';

export const OTHER_TEMPLATE_MESSAGE =
  'this is a template ({{ NAME }} placeholders, as Jinja, Ansible or Mustache write them), not YAML: render it first and paste the output (or kubectl get hpa NAME -o yaml from the cluster)';

/**
 * Go templates (Helm) start an action with a field (`.Values`), a variable (`$x`), a trim marker,
 * a comment or a keyword or function (`include`, `if`, `toYaml` …); `{{ PROJECT_NAME }}` or
 * `{{ name | default('x') }}` is another template language, for which `helm template` is the
 * wrong advice.
 */
export function templateMessage(text: string, offset: number): string {
  const action = /^\{\{\s*([^\s}|(]*)\s*([|}]|$)/.exec(text.slice(offset, offset + 200));
  const head = action?.[1] ?? '';
  // A name or a dotted path with no leading dot: Go templates need `.` or `$` before a field.
  const bare = /^[A-Za-z_][\w.]*$/.test(head) && !GO_TEMPLATE_WORDS.has(head);
  return bare && (action?.[2] === '}' || action?.[2] === '|')
    ? OTHER_TEMPLATE_MESSAGE
    : HELM_MESSAGE;
}

/** Keywords and the functions Helm charts commonly start an action with. */
const GO_TEMPLATE_WORDS = new Set([
  'if',
  'else',
  'end',
  'range',
  'with',
  'define',
  'template',
  'block',
  'include',
  'tpl',
  'toYaml',
  'toJson',
  'printf',
  'print',
  'quote',
  'squote',
  'default',
  'required',
  'trunc',
  'trimSuffix',
  'lower',
  'upper',
  'nindent',
  'indent',
  'and',
  'or',
  'not',
  'eq',
  'ne',
  'len',
  'index',
  'lookup',
  'now',
  'uuidv4',
  'randAlphaNum',
  'fail',
  'ternary',
  'dict',
  'list',
]);
