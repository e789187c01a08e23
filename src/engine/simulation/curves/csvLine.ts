/** Splits one CSV line into trimmed fields with their 1-based columns (RFC 4180 quoting). */

export interface CsvField {
  text: string;
  /** 1-based column of the field's first character. */
  column: number;
}

export interface CsvLineError {
  column: number;
  message: string;
}

/** Columns accepted in one line; a longer line is hostile or not a time series. */
export const MAX_CSV_FIELDS = 1_000;

/** Fields of `line` split on `delimiter`; quoted fields may contain delimiters and `""`. */
export function splitCsvLine(line: string, delimiter: string): CsvField[] | CsvLineError {
  const fields: CsvField[] = [];
  const n = line.length;
  let i = 0;
  for (;;) {
    if (fields.length >= MAX_CSV_FIELDS) {
      return { column: i + 1, message: `more than ${MAX_CSV_FIELDS} columns in one line` };
    }
    while (i < n && line[i] === ' ') i++;
    const start = i;
    if (line[i] === '"') {
      let text = '';
      let segment = i + 1;
      let closed = false;
      while (!closed) {
        const quote = line.indexOf('"', segment);
        if (quote < 0) return { column: start + 1, message: 'unclosed quote' };
        text += line.slice(segment, quote);
        if (line[quote + 1] === '"') {
          text += '"';
          segment = quote + 2;
        } else {
          closed = true;
          i = quote + 1;
        }
      }
      while (i < n && line[i] === ' ') i++;
      if (i < n && line[i] !== delimiter) {
        return { column: i + 1, message: `unexpected '${line[i]}' after a quoted field` };
      }
      fields.push({ text: text.trim(), column: start + 1 });
    } else {
      const next = line.indexOf(delimiter, i);
      const end = next < 0 ? n : next;
      fields.push({ text: line.slice(i, end).trim(), column: start + 1 });
      i = end;
    }
    if (i >= n) return fields;
    i++; // the delimiter
  }
}

/** Guesses the delimiter from the first content line: tab, then `;` (if no comma), else `,`. */
export function detectDelimiter(line: string): string {
  if (line.includes('\t')) return '\t';
  if (line.includes(';') && !line.includes(',')) return ';';
  return ',';
}
