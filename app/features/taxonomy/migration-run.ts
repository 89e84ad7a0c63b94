/**
 * The industries migration as the screen sees it (spec 02 §2, §4, §7, §8): three steps that go pending → running →
 * completed or error, a timestamped log, and the results of the spec's "Migration helper". The job saves this
 * whole record with every batch, so the screen can follow it live and a restarted server resumes from `cursor`.
 */
import type { JobView } from "~/lib/job-view.ts";
import { PRIMARY_CATEGORIES, taxonomyRecords } from "./taxonomy.ts";
import { plural } from "~/lib/wording.ts";

export const MIGRATION_STEPS = [
  { id: "backup", title: "Backup Existing Records", description: "Copy every industry and every listing's industries." },
  { id: "populate", title: "Populate LeadsOnTrees Categories", description: "Map the existing records and add the taxonomy." },
  { id: "validate", title: "Validate Migration", description: "Check every category, duplicates and listing links." },
] as const;

export type StepId = (typeof MIGRATION_STEPS)[number]["id"];
export type StepStatus = "pending" | "running" | "completed" | "error";

export const MIGRATION_SUCCESS = "Migration completed successfully!";
export const MIGRATION_ISSUES = "Migration completed with some issues";

export interface LogLine {
  at: string;
  level: "info" | "success" | "error";
  message: string;
}

/** Spec 02 §7 "Migration helper" results, then ours: the backup's id and what validation and populate found. */
export interface MigrationResults {
  success: boolean;
  error: string | null;
  backupCount: number;
  recordsCreated: number;
  recordsUpdated: number;
  errors: string[];
  leadsOnTreesRecords: number;
  primaryCategories: number;
  missingCategories: string[];
  duplicates: string[];
  totalRecords: number;
  backupId: string | null;
  /** Old records folded into a record that already had their place (their listings moved to it). */
  recordsMerged: number;
  /** Taxonomy keys with no record. */
  missingRecords: string[];
  /** Records still without a key: a populate batch failed on them. */
  unmigratedRecords: number;
  /** Listings pointing at an industry id that does not exist. */
  danglingListings: number;
  /** Set once validation ran. */
  validated: boolean;
}

export interface MigrationCursor {
  backupId: string | null;
  backupAt: string | null;
  /** Old (keyless) records are taken in id order; the next batch starts after this id. */
  afterOldId: number;
  /** Batches of old records: how many there were when populate began, and how many are done. */
  oldBatches: number;
  oldBatchesDone: number;
  /** The next primary category whose records are written. */
  primaryIndex: number;
}

export interface MigrationRun {
  steps: Record<StepId, StepStatus>;
  log: LogLine[];
  results: MigrationResults;
  finished: boolean;
  cursor: MigrationCursor;
}

/** A migration job with its run, saved with every batch: live while it runs, kept after. */
export interface MigrationJobView {
  job: JobView;
  run: MigrationRun | null;
}

/** Enough lines to follow a run of every batch; the oldest go first. */
export const MAX_LOG_LINES = 200;

export function newRun(): MigrationRun {
  return {
    steps: { backup: "pending", populate: "pending", validate: "pending" },
    log: [],
    finished: false,
    cursor: { backupId: null, backupAt: null, afterOldId: 0, oldBatches: 0, oldBatchesDone: 0, primaryIndex: 0 },
    results: {
      success: false,
      error: null,
      backupCount: 0,
      recordsCreated: 0,
      recordsUpdated: 0,
      errors: [],
      leadsOnTreesRecords: 0,
      primaryCategories: 0,
      missingCategories: [],
      duplicates: [],
      totalRecords: 0,
      backupId: null,
      recordsMerged: 0,
      missingRecords: [],
      unmigratedRecords: 0,
      danglingListings: 0,
      validated: false,
    },
  };
}

export function addLog(run: MigrationRun, message: string, level: LogLine["level"] = "info", at = new Date()): void {
  run.log.push({ at: at.toISOString(), level, message });
  if (run.log.length > MAX_LOG_LINES) run.log.splice(0, run.log.length - MAX_LOG_LINES);
}

/** Spec 02 §4: the overall result is a success only if all three steps succeed. */
export function finishRun(run: MigrationRun): void {
  run.finished = true;
  run.results.success = MIGRATION_STEPS.every((s) => run.steps[s.id] === "completed");
  if (!run.results.success && !run.results.error) run.results.error = summariseIssues(run.results);
}

/** The banner (spec 02 §2), once the run has finished. */
export function runBanner(run: { finished: boolean; results: Pick<MigrationResults, "success"> } | null): string | null {
  if (!run?.finished) return null;
  return run.results.success ? MIGRATION_SUCCESS : MIGRATION_ISSUES;
}

export function summariseIssues(r: MigrationResults): string {
  const parts = [
    r.errors.length ? plural(r.errors.length, "populate error") : "",
    r.missingCategories.length ? `missing categories: ${r.missingCategories.join(", ")}` : "",
    r.missingRecords.length ? plural(r.missingRecords.length, "missing record") : "",
    r.duplicates.length ? plural(r.duplicates.length, "duplicate") : "",
    r.unmigratedRecords ? plural(r.unmigratedRecords, "record") + " not migrated" : "",
    r.danglingListings ? plural(r.danglingListings, "listing") + " pointing at missing industries" : "",
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : "The migration did not finish.";
}

export interface IndustryRow {
  id: number;
  name: string;
  primaryCategory: string | null;
  secondaryCategory: string | null;
  industryKey: string | null;
  leadsOnTreesSource: boolean;
}

export interface ValidationFindings {
  totalRecords: number;
  leadsOnTreesRecords: number;
  primaryCategories: number;
  missingCategories: string[];
  missingRecords: string[];
  duplicates: string[];
  unmigratedRecords: number;
  ok: boolean;
}

/** Groups of rows sharing a value (compared without case), as "value (what, N records)". */
function duplicatesBy(rows: IndustryRow[], what: string, value: (r: IndustryRow) => string | null): string[] {
  const groups = new Map<string, { shown: string; count: number }>();
  for (const row of rows) {
    const v = value(row);
    if (!v) continue;
    const key = v.toLowerCase();
    const group = groups.get(key) ?? { shown: v, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].filter((g) => g.count > 1).map((g) => `${g.shown} (${what}, ${g.count} records)`);
}

/**
 * Step 3 (spec 02 §4, §8): every primary category has all its records, no name, key or category pair is held twice,
 * every record has its key; `danglingListings` (listings pointing at missing ids) is counted by the database.
 */
export function validateIndustries(rows: IndustryRow[], danglingListings: number): ValidationFindings {
  const keys = new Set(rows.map((r) => r.industryKey).filter((k): k is string => Boolean(k)));
  const primariesPresent = new Set(rows.map((r) => r.primaryCategory?.toLowerCase()).filter(Boolean));
  const missingCategories = PRIMARY_CATEGORIES.filter((p) => !primariesPresent.has(p.toLowerCase()));
  const missingRecords = taxonomyRecords()
    .filter((r) => !keys.has(r.key))
    .map((r) => r.key);
  const duplicates = [
    ...duplicatesBy(rows, "name", (r) => r.name),
    ...duplicatesBy(rows, "key", (r) => r.industryKey),
    ...duplicatesBy(rows, "categories", (r) =>
      r.primaryCategory && r.secondaryCategory ? `${r.primaryCategory} / ${r.secondaryCategory}` : null,
    ),
  ];
  const unmigratedRecords = rows.filter((r) => !r.industryKey).length;
  return {
    totalRecords: rows.length,
    leadsOnTreesRecords: rows.filter((r) => r.leadsOnTreesSource).length,
    primaryCategories: PRIMARY_CATEGORIES.length - missingCategories.length,
    missingCategories,
    missingRecords,
    duplicates,
    unmigratedRecords,
    ok: !missingCategories.length && !missingRecords.length && !duplicates.length && !unmigratedRecords && danglingListings === 0,
  };
}
