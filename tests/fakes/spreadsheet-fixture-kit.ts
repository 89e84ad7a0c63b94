/**
 * The building blocks of the fake spreadsheet API's data (tests/fakes/spreadsheet-api.ts): the shapes it serves
 * and a helper that lays out a table from rows, so each fixture file stays about its own data.
 */

export interface FakeField {
  id: string;
  name: string;
  /** Airtable's field types: singleLineText, multilineText, url, checkbox, number, multipleRecordLinks, ... */
  type: string;
}

export interface FakeRecord {
  id: string;
  createdTime: string;
  /** As the API sends them: empty fields are left out of a record. */
  fields: Record<string, unknown>;
}

export interface FakeTable {
  id: string;
  name: string;
  fields: FakeField[];
  records: FakeRecord[];
  /** From this page on (1-based) every records request fails, to test what a client does with a broken scan. */
  fault?: { fromPage: number; status: number; type: string; message: string };
}

/**
 * A file held in an attachment field. Records carry {id, filename, size, type} without a url: the fake adds a
 * signed url that expires each time it serves the record, as the hosted API does.
 */
export interface FakeFile {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

export interface FakeBase {
  id: string;
  name: string;
  tables: FakeTable[];
  /** The key may read records but not the schema: the metadata API answers 403. */
  metadataDenied?: boolean;
  /** Attachment files by attachment id ("att..."). */
  files?: Map<string, FakeFile>;
}

export const CREATED = "2024-11-05T09:30:00.000Z";
const pad = (n: number) => n.toString(36).padStart(6, "0");
export const recordId = (code: string, i: number) => `rec${code}${pad(i)}`;

/** A table whose field ids follow their order, and whose records are made from rows of field values. */
export function table(
  code: string,
  name: string,
  fields: Array<[name: string, type: string]>,
  rows: Array<Record<string, unknown>>,
): FakeTable {
  return {
    id: `tbl${code}`,
    name,
    fields: fields.map(([fieldName, type], i) => ({ id: `fld${code}${pad(i)}`, name: fieldName, type })),
    records: rows.map((row, i) => ({
      id: recordId(code, i),
      createdTime: CREATED,
      // Like the real API, a record carries only the fields that hold something.
      fields: Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== null && v !== "" && v !== false)),
    })),
  };
}
