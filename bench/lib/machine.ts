/** What a result was measured on: recorded with every result file so numbers from different runs compare. */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR
  ? path.resolve(process.env.BENCH_RESULTS_DIR)
  : path.join(REPO_ROOT, "bench/results");
export const DATA_DIR = path.join(REPO_ROOT, "bench/.data");

export interface MachineInfo {
  hostname: string;
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  freeMemoryGiB: number;
  loadAverage: number[];
  platform: string;
  release: string;
  node: string;
  gitCommit: string;
  gitDirty: boolean;
  measuredAt: string;
}

export function machineInfo(): MachineInfo {
  const git = (args: string[]) => spawnSync("git", args, { cwd: REPO_ROOT, encoding: "utf8", timeout: 10_000 }).stdout?.trim() ?? "";
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGiB: Math.round((os.freemem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    platform: `${os.type()} ${os.arch()}`,
    release: os.release(),
    node: process.version,
    gitCommit: git(["rev-parse", "--short", "HEAD"]) || "unknown",
    gitDirty: git(["status", "--porcelain", "--untracked-files=no"]) !== "",
    measuredAt: new Date().toISOString(),
  };
}

export function machineMarkdown(m: MachineInfo): string {
  return (
    `Machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB memory, ${m.platform} ${m.release}, Node ${m.node}; ` +
    `load average at start ${m.loadAverage.join(" / ")}. Commit ${m.gitCommit}${m.gitDirty ? " with uncommitted changes" : ""}; ` +
    `measured ${m.measuredAt}.`
  );
}

/** YYYY-MM-DD in UTC, for result file names. */
export function dateStamp(): string {
  return new Date().toISOString().slice(0, 10);
}

export function writeResult(name: string, content: string | object): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  writeFileSync(file, typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`);
  return path.relative(REPO_ROOT, file);
}

export function log(line: string): void {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}
