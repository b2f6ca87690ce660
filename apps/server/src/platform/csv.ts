// Every CSV the server writes (contact, person and report exports): csv-stringify does the quoting,
// this module adds what Excel needs, a BOM so it reads UTF-8 (Thai) and the formula-injection guard.
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number;

/** Tells Excel the file is UTF-8; without it Thai text shows as mojibake. */
const BOM = '\uFEFF';

/**
 * A text cell starting with = + - @ tab or CR would run as a formula once opened in a spreadsheet (CSV
 * injection); a leading apostrophe makes it show as text. Numbers stay numbers (a change of -5 % is data).
 */
export function neutraliseFormula(cell: CsvCell): CsvCell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** CSV lines (CRLF after each) of the rows, every text cell guarded; `bom` starts a file. */
export function csvLines(rows: readonly (readonly CsvCell[])[], opts: { bom?: boolean } = {}): string {
  const text = stringify(
    rows.map((row) => row.map(neutraliseFormula)),
    // A lone CR counts as a line break to spreadsheets too, so it is quoted like one.
    { record_delimiter: 'windows', quoted_match: /[\r\n]/, cast: { number: String } },
  );
  return opts.bom ? BOM + text : text;
}
