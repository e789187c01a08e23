// A problem with the input, located as far as it can be: printed as one line
// (`file:line:column: severity: message`), and placed in SARIF, JUnit and annotations.

export interface Problem {
  /** as shown: a path, or <stdin> */
  file: string;
  line?: number;
  column?: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export function problemLine(p: Problem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}:${p.column ?? 1}`;
  return `${where}: ${p.severity}: ${p.message}`;
}
