import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { listImportJobs } from "./import-jobs.server.ts";
import { listSpreadsheetImportJobs } from "../spreadsheet/spreadsheet-import-job.server.ts";

/** The imports page's data: the 25 newest jobs of both kinds, and whether each source has its key. */
export async function importsPageData(database: Database) {
  const env = getEnv();
  const [provider, spreadsheet] = await Promise.all([listImportJobs(database), listSpreadsheetImportJobs(database)]);
  const jobs = [...provider, ...spreadsheet.map((job) => ({ ...job, provider: null }))]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, 25);
  return {
    jobs,
    keyConfigured: Boolean(env.PROVIDER_API_KEY),
    // Whether a key is set, never the key: the page needs no more.
    spreadsheet: { keyConfigured: Boolean(env.SPREADSHEET_API_KEY), defaultBaseId: env.SPREADSHEET_BASE_ID ?? "" },
  };
}

export type ImportsPageData = Awaited<ReturnType<typeof importsPageData>>;
