import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Context } from 'koa';
import { AppError } from './envelope.js';
import type { RawReply } from './route.js';

/** Every Excel import, template and export of the API goes through here (spec §5 uploads). */

/**
 * exceljs, loaded with the first workbook read or written: its import costs a start hundreds of
 * milliseconds (docs/performance.md "Cold start").
 */
export async function excel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Spec §5: the default upload is .xlsx/.xls up to 3 MB. */
export const XLSX_UPLOAD = { maxBytes: 3 * 1024 * 1024, extensions: ['.xlsx', '.xls'] } as const;

const READ_CHUNK = 64 * 1024;
const YIELD_ROWS = 500;

export interface SheetColumn<Key extends string> {
  key: Key;
  header: string;
}

export type SheetRow<Key extends string> = Record<Key, string> & { row: number };

/** Header text as compared: case, spaces and punctuation do not matter ('S/N' = 'sn'). */
function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function* chunks(bytes: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += READ_CHUNK)
    yield bytes.subarray(offset, offset + READ_CHUNK);
}

/**
 * Reads the first sheet of an import, streaming, and lets other requests run every few hundred
 * rows (a large file parses for seconds). Rows with every column empty are skipped. Anything that
 * is not an xlsx workbook with the required headers is 'Incorrect format'. `cellText` reads a cell
 * (default: its text, trimmed).
 */
export async function readSheetRows<Key extends string>(
  bytes: Buffer,
  options: {
    columns: readonly SheetColumn<Key>[];
    required: readonly Key[];
    maxRows: number;
    cellText?: (cell: ExcelJS.Cell, key: Key) => string;
    /** How many data rows were read so far, now and then while reading. */
    onRead?: (read: number) => void;
  },
): Promise<SheetRow<Key>[]> {
  const read = options.cellText ?? ((cell: ExcelJS.Cell) => cell.text.trim());
  const rows: SheetRow<Key>[] = [];
  let columns: Map<Key, number> | undefined;
  try {
    const { stream } = await excel();
    const reader = new stream.xlsx.WorkbookReader(Readable.from(chunks(bytes)), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const excelRow of sheet) {
        if (!columns) {
          columns = headerColumns(excelRow, options.columns, options.required);
          continue;
        }
        if (excelRow.number % YIELD_ROWS === 0) {
          options.onRead?.(rows.length);
          await new Promise((resolve) => setImmediate(resolve));
        }
        const row = { row: excelRow.number } as SheetRow<Key>;
        let empty = true;
        for (const { key } of options.columns) {
          const column = columns.get(key);
          const text = column ? read(excelRow.getCell(column), key) : '';
          (row as Record<Key, string>)[key] = text;
          if (text) empty = false;
        }
        if (empty) continue;
        if (rows.length === options.maxRows)
          throw AppError.invalid('incorrectFormat', `more than ${options.maxRows} rows`);
        rows.push(row);
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.invalid('incorrectFormat', 'not an xlsx workbook');
  }
  if (!columns) throw AppError.invalid('incorrectFormat', 'no worksheet');
  return rows;
}

/** Where each column is, from the header row; refuses a sheet without the required ones. */
function headerColumns<Key extends string>(
  header: ExcelJS.Row,
  wanted: readonly SheetColumn<Key>[],
  required: readonly Key[],
): Map<Key, number> {
  const columns = new Map<Key, number>();
  header.eachCell((cell, column) => {
    const found = wanted.find((c) => headerKey(c.header) === headerKey(cell.text));
    if (found && !columns.has(found.key)) columns.set(found.key, column);
  });
  const missing = required.filter((key) => !columns.has(key));
  if (missing.length) throw AppError.invalid('incorrectFormat', `missing columns: ${missing.join(', ')}`);
  return columns;
}

/** A workbook written straight to the response as rows are added. */
export async function streamingWorkbook(): Promise<{
  stream: PassThrough;
  workbook: ExcelJS.stream.xlsx.WorkbookWriter;
}> {
  const stream = new PassThrough();
  const { stream: writers } = await excel();
  const workbook = new writers.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  return { stream, workbook };
}

/** A template: the headers and one example row. */
export async function templateWorkbook<Key extends string>(
  sheetName: string,
  columns: readonly SheetColumn<Key>[],
  example: Record<Key, string>,
): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(({ key, header }) => ({ key, header, width: 22 }));
  sheet.addRow(example);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Answers a workbook as a download. */
export function sendXlsx(ctx: Context, fileName: string, body: Buffer | NodeJS.ReadableStream): RawReply {
  ctx.set('Content-Type', XLSX_TYPE);
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.body = body;
  return { raw: true };
}
