/**
 * The part of upstream `ValidateHorizontalPodAutoscaler` outside the spec:
 * `apivalidation.ValidateObjectMeta(&hpa.ObjectMeta, true, NameIsDNSSubdomain, "metadata")` —
 * name (or generateName) required and a DNS subdomain, namespace a DNS label, label and
 * annotation keys qualified names, label values valid, annotations at most 256 KiB in total.
 * Messages are upstream's (k8s.io/apimachinery/pkg/util/validation).
 */
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const QUALIFIED_NAME = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE = `(${QUALIFIED_NAME})?`;
const whole = (re: string) => new RegExp(`^${re}$`);
const MAX_ANNOTATIONS_BYTES = 256 * 1024;

function subdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push('must be no more than 253 characters');
  if (!whole(DNS1123_SUBDOMAIN).test(value))
    errs.push(
      `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${DNS1123_SUBDOMAIN}')`,
    );
  return errs;
}

function labelErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!whole(DNS1123_LABEL).test(value))
    errs.push(
      `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '${DNS1123_LABEL}')`,
    );
  return errs;
}

/** `IsQualifiedName`: an optional DNS-subdomain prefix and `/`, then a name of ≤ 63 characters. */
export function qualifiedNameErrors(value: string): string[] {
  const parts = value.split('/');
  let name = value;
  const errs: string[] = [];
  if (parts.length === 2) {
    const [prefix, n] = parts as [string, string];
    name = n;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...subdomainErrors(prefix).map((e) => `prefix part ${e}`));
  } else if (parts.length > 2) {
    return [
      `a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${QUALIFIED_NAME}') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push('name part must be no more than 63 characters');
  if (name.length > 0 && !whole(QUALIFIED_NAME).test(name))
    errs.push(
      `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${QUALIFIED_NAME}')`,
    );
  return errs;
}

function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!whole(LABEL_VALUE).test(value))
    errs.push(
      `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '${LABEL_VALUE}')`,
    );
  return errs;
}

function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const show = (v: string) => JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);

/** Reports ObjectMeta errors; returns false when the API server would reject the object. */
export function validateObjectMeta(metadata: unknown, report: Reporter): boolean {
  let ok = true;
  const fail = (path: (string | number)[], message: string, at: 'key' | 'value' = 'value') => {
    ok = false;
    report.error(path, message, at);
  };
  const meta = isRecord(metadata) ? metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  const generateName = typeof meta.generateName === 'string' ? meta.generateName : '';
  if (name === '' && generateName === '') {
    fail(
      isRecord(metadata) ? ['metadata'] : [],
      'metadata.name: Required value: name or generateName is required',
      'key',
    );
  }
  if (name !== '') {
    for (const e of subdomainErrors(name))
      fail(['metadata', 'name'], `metadata.name: Invalid value: ${show(name)}: ${e}`);
  }
  if (generateName !== '') {
    // A generated name gets a random suffix: a trailing '-' is fine.
    const masked = generateName.endsWith('-') ? `${generateName.slice(0, -1)}a` : generateName;
    for (const e of subdomainErrors(masked))
      fail(
        ['metadata', 'generateName'],
        `metadata.generateName: Invalid value: ${show(generateName)}: ${e}`,
      );
  }
  if (typeof meta.namespace === 'string' && meta.namespace !== '') {
    for (const e of labelErrors(meta.namespace))
      fail(
        ['metadata', 'namespace'],
        `metadata.namespace: Invalid value: ${show(meta.namespace)}: ${e}`,
      );
  }
  if (isRecord(meta.labels)) {
    for (const [key, value] of Object.entries(meta.labels)) {
      for (const e of qualifiedNameErrors(key))
        fail(
          ['metadata', 'labels', key],
          `metadata.labels: Invalid value: ${show(key)}: ${e}`,
          'key',
        );
      if (typeof value === 'string')
        for (const e of labelValueErrors(value))
          fail(['metadata', 'labels', key], `metadata.labels: Invalid value: ${show(value)}: ${e}`);
    }
  }
  if (isRecord(meta.annotations)) {
    let bytes = 0;
    for (const [key, value] of Object.entries(meta.annotations)) {
      for (const e of qualifiedNameErrors(key.toLowerCase()))
        fail(
          ['metadata', 'annotations', key],
          `metadata.annotations: Invalid value: ${show(key)}: ${e}`,
          'key',
        );
      bytes += utf8Length(key);
      if (typeof value === 'string') bytes += utf8Length(value);
    }
    if (bytes > MAX_ANNOTATIONS_BYTES)
      fail(
        ['metadata', 'annotations'],
        `metadata.annotations: Too long: may not be more than ${MAX_ANNOTATIONS_BYTES} bytes`,
        'key',
      );
  }
  return ok;
}
