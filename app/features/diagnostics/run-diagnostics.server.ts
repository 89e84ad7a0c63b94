/** Runs the schema diagnostics (spec 02 §2): our database always, the spreadsheet base when one is configured. */
import type { Database } from "~/lib/db.server.ts";
import type { Env } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import type { SpreadsheetApiOptions, SpreadsheetConfig } from "~/lib/spreadsheet-api.server.ts";
import { getDatabaseReport, type DatabaseReportOptions } from "./database-schema.server.ts";
import type { DatabaseReport, DiagnosticsReport, SpreadsheetSection } from "./report.ts";
import { getSpreadsheetReport } from "./spreadsheet-schema.server.ts";

type SpreadsheetEnv = Pick<Env, "SPREADSHEET_API_URL" | "SPREADSHEET_API_KEY" | "SPREADSHEET_BASE_ID">;

/** The base to read, or the settings still missing. Both the key and the base id are needed. */
export function spreadsheetConfig(env: SpreadsheetEnv): { config: SpreadsheetConfig } | { missing: string[] } {
  const { SPREADSHEET_API_URL: apiUrl, SPREADSHEET_API_KEY: apiKey, SPREADSHEET_BASE_ID: baseId } = env;
  if (apiKey && baseId) return { config: { apiUrl, apiKey, baseId } };
  return { missing: [!apiKey && "SPREADSHEET_API_KEY", !baseId && "SPREADSHEET_BASE_ID"].filter((v): v is string => Boolean(v)) };
}

export interface RunOptions {
  database?: DatabaseReportOptions;
  spreadsheet?: SpreadsheetApiOptions;
  now?: () => number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runDiagnostics(database: Database, env: SpreadsheetEnv, options: RunOptions = {}): Promise<DiagnosticsReport> {
  const now = options.now ?? Date.now;
  const started = now();
  const ours: DatabaseReport = await getDatabaseReport(database, options.database).catch((error: unknown) => {
    logger.error({ err: error }, "schema diagnostics: database not readable");
    return {
      title: "Our database",
      info: [],
      tables: [],
      companies: null,
      quickFixes: [],
      migrations: [],
      extraTables: [],
      error: `Could not read the database schema: ${message(error)}`,
    };
  });

  const setting = spreadsheetConfig(env);
  let spreadsheet: SpreadsheetSection;
  if ("missing" in setting) {
    spreadsheet = { configured: false, missing: setting.missing };
  } else {
    const report = await getSpreadsheetReport(setting.config, options.spreadsheet).catch((error: unknown) => {
      logger.error({ message: message(error) }, "schema diagnostics: spreadsheet report failed");
      return { title: "Spreadsheet base", info: [], tables: [], companies: null, quickFixes: [], error: message(error) };
    });
    spreadsheet = { configured: true, ...report };
  }
  return { ranAt: new Date(started).toISOString(), ms: now() - started, database: ours, spreadsheet };
}
