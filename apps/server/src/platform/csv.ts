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

/** One record of a parsed CSV file and the line of the file it starts on (1 is the first line). */
export type CsvRecord = { line: number; cells: string[] };

/** The text is no CSV (a quoted cell that never ends). */
export class CsvParseError extends Error {}

/**
 * Reads CSV text as spreadsheets write it (RFC 4180): comma-separated cells, double quotes around a cell
 * holding commas, quotes or line breaks (a quote inside doubled), CRLF, LF or CR line ends, a leading BOM
 * dropped. Blank lines are skipped; cells are returned as written (no trimming, no formula handling).
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.startsWith(BOM) ? 1 : 0;
  let line = 1;
  let cells: string[] = [];
  let cell = '';
  let start = line;
  let quoted = false;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      touched = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      start = line;
    } else {
      cell += c;
    }
    i++;
  }
  if (quoted) throw new CsvParseError(`unterminated quoted cell starting on line ${start}`);
  if (cell !== '' || cells.length > 0 || touched) endRecord();
  return records;
}
