/**
 * A Helm chart template is not a manifest: `{{ … }}` only means something after `helm template`
 * renders it. Found before YAML parsing, so the user gets one message instead of dozens of YAML
 * and schema errors.
 */

/** Offset of the first `{{` outside a comment, or -1. */
export function helmTemplateAt(text: string): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf('{{', from);
    if (at < 0) return -1;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const before = text.slice(lineStart, at);
    // `# {{ … }}` in a comment is harmless; so is `{{` inside a quoted string on a YAML line
    // only when it does not close: require a closing `}}` on the same line.
    const lineEnd = text.indexOf('\n', at);
    const rest = text.slice(at, lineEnd < 0 ? undefined : lineEnd);
    if (!/(^|\s)#/.test(before) && rest.includes('}}')) return at;
    from = at + 2;
  }
}

export const HELM_MESSAGE =
  'this is a Helm chart template ({{ … }} is Helm syntax, not YAML): render it first and paste the output, e.g. helm template RELEASE CHART --show-only templates/hpa.yaml (or kubectl get hpa NAME -o yaml from the cluster)';
