/**
 * What starting a spreadsheet base import takes (issue 7 §7), shared by the job, the imports page (server and browser)
 * and the command line: the job's type and its one parameter, checked the same way everywhere.
 */
import { z } from "zod";

export const SPREADSHEET_IMPORT_JOB = "spreadsheet_import";

export const MISSING_KEY = "SPREADSHEET_API_KEY is not set";

export const SpreadsheetImportRequest = z.object({
  baseId: z
    .string()
    .trim()
    .min(1, "Enter the base id (it starts with app…).")
    .max(64, "The base id is at most 64 characters.")
    .regex(/^[A-Za-z0-9_-]+$/, "The base id may hold only letters, digits, _ and -."),
});
export type SpreadsheetImportRequest = z.infer<typeof SpreadsheetImportRequest>;
