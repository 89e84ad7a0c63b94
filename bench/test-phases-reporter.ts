/**
 * A Vitest reporter that says where a run's time went (issue 20, decision 0042): per test file, the harness (test
 * environment and runner; spawning the worker process is not counted), importing the file's modules, its hooks (a
 * database test's beforeAll opens and seeds its database there) and its tests; added up per kind of file. Add it
 * to a run beside the usual reporter:
 *
 *   npx vitest run --reporter=default --reporter=./bench/test-phases-reporter.ts
 *
 * and it prints the table at the end; with TEST_PHASES_JSON=<file> it also writes every file's numbers there.
 * Times are summed over files: with two workers they add up to about twice the wall time they cover.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

interface FilePhases {
  file: string;
  project: string;
  kind: "database" | "process" | "unit";
  /** Which of the parallel workers ran it (1 ... maxWorkers). */
  lane: number;
  start: number;
  load: number;
  hooks: number;
  tests: number;
}

/** The files that start processes of their own (the crash and start-up tests). */
const SPAWNING = /embedded-crash|startup-failures|import-durability/;

function kindOf(file: string): FilePhases["kind"] {
  if (SPAWNING.test(file)) return "process";
  return file.endsWith(".db.test.ts") ? "database" : "unit";
}

export default class TestPhasesReporter implements Reporter {
  private started = 0;

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const wall = (performance.now() - this.started) / 1000;
    const files: FilePhases[] = modules.map((module) => {
      const d = module.diagnostic();
      let tests = 0;
      for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
      const file = path.relative(process.cwd(), module.moduleId);
      return {
        file,
        project: module.project.name,
        kind: kindOf(file),
        lane: d.concurrencyId,
        start: (d.environmentSetupDuration + d.prepareDuration + d.setupDuration) / 1000,
        load: d.collectDuration / 1000,
        hooks: Math.max(0, d.duration - tests) / 1000,
        tests: tests / 1000,
      };
    });
    if (process.env.TEST_PHASES_JSON) writeFileSync(process.env.TEST_PHASES_JSON, `${JSON.stringify({ wall, files }, null, 1)}\n`);

    const rows = new Map<string, { n: number; start: number; load: number; hooks: number; tests: number }>();
    for (const f of files) {
      const key = `${f.project || "-"} / ${f.kind}`;
      const row = rows.get(key) ?? { n: 0, start: 0, load: 0, hooks: 0, tests: 0 };
      row.n++;
      row.start += f.start;
      row.load += f.load;
      row.hooks += f.hooks;
      row.tests += f.tests;
      rows.set(key, row);
    }
    const s = (n: number) => n.toFixed(1);
    const lines = [
      `\nTime per phase, summed over files, in seconds (wall time of the run ${s(wall)} s, ${new Set(files.map((f) => f.lane)).size} workers at once):`,
      "| project / files | files | harness | import | hooks (set-up) | tests |",
      "|---|---:|---:|---:|---:|---:|",
      ...[...rows].sort().map(([key, r]) => `| ${key} | ${r.n} | ${s(r.start)} | ${s(r.load)} | ${s(r.hooks)} | ${s(r.tests)} |`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
