/**
 * Vitest global setup of the database tests: migrates one database before any test file runs, for
 * `openTestDatabase` (app/lib/test-database.ts) to give each test file its own copy of (decision 0042), and
 * removes it when the run ends. Runs in Vitest's main process, where `inject` is not available: hence
 * `provide`, and no import of app/lib/test-database.ts here.
 */
import type { TestProject } from "vitest/node";
import { prepareMigratedSource } from "../../app/lib/migrated-test-database.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { source, remove } = await prepareMigratedSource();
  project.provide("migratedDatabase", source);
  return remove;
}
