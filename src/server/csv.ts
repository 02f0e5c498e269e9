import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
// Where a spreadsheet may start a cell inside our text: at its start, and after a ';' (the separator of
// spreadsheets set to European locales, which may read this file with it), a tab or a line break (where
// a pasted cell splits). A formula starts with =, +, -, @, or a tab or carriage return before them.
const FORMULA_START = /(^|[;\t\r\n])(?=[=+\-@\t\r])/g;
// A cell holding any separator a reader may split on is quoted, so it stays one cell.
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell. Wherever a spreadsheet could start a cell in the text and that cell would read as a
 * formula, an apostrophe comes first, so a guest named `=HYPERLINK(…)` or `Asha;=HYPERLINK(…)` stays a
 * name; cells with commas, semicolons, quotes, tabs or line breaks are quoted. Numbers stay numbers.
 */
export function formatCsvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = value.replace(FORMULA_START, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const LINES_PER_CHUNK = 500;

/**
 * Rows as CSV (CRLF line ends, as RFC 4180 has it), header first, produced a few hundred lines at a time so
 * a long export streams without being held whole as text. Each row's cells are written already.
 */
export function* formatCsvLines(
  header: readonly string[],
  rows: Iterable<readonly string[]>,
): Generator<string> {
  let chunk = `${header.join(',')}\r\n`;
  let lines = 1;
  for (const row of rows) {
    chunk += `${row.join(',')}\r\n`;
    lines += 1;
    if (lines === LINES_PER_CHUNK) {
      yield chunk;
      chunk = '';
      lines = 0;
    }
  }
  if (chunk) yield chunk;
}

/**
 * Answers with CSV text as a download named `fileName`, streamed as it is produced. The route's schema
 * documents the body as a string; the stream is that string, a chunk at a time.
 */
export function sendCsvAttachment(reply: FastifyReply, fileName: string, chunks: Iterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(chunks) as unknown as string);
}
