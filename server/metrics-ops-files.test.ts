/**
 * The example alert rules and the dashboard (decision 0104) name only metrics the server has: a metric renamed in
 * app/lib/metrics.server.ts without them would leave an alert that never fires and a panel that stays empty.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "~/lib/metrics-database.server.ts";
import { registry, startProcessMetrics } from "~/lib/metrics.server.ts";

// What a started server serves: its own metrics and the process's (started by prepare(), not at import).
startProcessMetrics();

const NAMED = /\b(?:introbase|nodejs|process)_[a-z0-9_]+\b/g;

async function servedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(metric.name + suffix);
  }
  return names;
}

describe("ops files", () => {
  it.each(["ops/prometheus/alerts.yml", "ops/grafana/dashboard.json"])("%s names only metrics the server serves", async (file) => {
    const served = await servedNames();
    const named = new Set(readFileSync(file, "utf8").match(NAMED) ?? []);
    expect(named.size).toBeGreaterThan(3);
    expect([...named].filter((name) => !served.has(name))).toEqual([]);
  });

  it("the dashboard is valid JSON with a panel for every introbase metric family", () => {
    const dashboard = JSON.parse(readFileSync("ops/grafana/dashboard.json", "utf8")) as { panels: { targets: { expr: string }[] }[] };
    const shown = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)).join("\n");
    const families = registry
      .getMetricsAsArray()
      .map((metric) => (metric as unknown as { name: string }).name)
      .filter((name) => name.startsWith("introbase_"));
    expect(families.filter((name) => !shown.includes(name))).toEqual([]);
  });
});
