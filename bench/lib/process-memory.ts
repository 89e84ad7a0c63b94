/**
 * Memory of the server the benchmark started, per process (the cluster's primary and each server process), from
 * Linux's /proc: VmRSS is what it holds now, VmHWM the most it ever held (the kernel's own peak, so a spike between
 * two readings is not missed).
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessMemory {
  pid: number;
  /** "primary" when it has server processes below it, else "server". */
  role: "primary" | "server";
  rssMiB: number;
  peakMiB: number;
}

function statusKiB(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function parentOf(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ")" are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/** The process and its descendants (bounded: at most 256). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length && out.length < 256) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Memory of every process of the server now; empty when /proc cannot be read (not Linux). */
export function serverMemory(root: number | undefined): ProcessMemory[] {
  if (!root) return [];
  const tree = processTree(root);
  return tree.flatMap((pid) => {
    const rss = statusKiB(pid, "VmRSS");
    const peak = statusKiB(pid, "VmHWM");
    if (rss === null || peak === null) return [];
    const role = pid === root && tree.length > 1 ? ("primary" as const) : ("server" as const);
    return [{ pid, role, rssMiB: Math.round(rss / 102.4) / 10, peakMiB: Math.round(peak / 102.4) / 10 }];
  });
}
