/**
 * Decision 0046: an export nobody imports is dead code or a name that should not be exported. This lists every
 * export of app/, db/, demo/, server/, scripts/, bench/ and tests/ that no file imports (tests count: a rule exported for
 * its unit test is in use). Not counted as unused: what frameworks and tools import by convention (route modules'
 * exports, app/root.tsx, app/routes.ts, app/entry.server.tsx, config files) and the entry points run directly
 * (scripts, bench, server/index.ts, the fakes run as processes). `export *` and `import * as` count as using all.
 *
 * Run: node scripts/checks/unused-exports.ts (part of `npm run lint`).
 */
import fs from "node:fs";
import { loadModuleGraph, where, type SourceModule } from "./module-graph.ts";

/**
 * The unused exports found when the check was written (issue 20), one `file: name` a line, still to be removed. The
 * check fails on any other unused export, and on a line here that is no longer true, so the list only shrinks.
 */
const BASELINE = new URL("unused-exports.baseline.txt", import.meta.url);

/** Files whose exports are read by a framework or a tool, or which are run rather than imported. */
const ENTRY_POINTS = [
  /^app\/routes\//,
  /^app\/(root|routes|entry\.server)\.tsx?$/,
  /^[^/]+\.config\.ts$/,
  /^server\/(index|app)\.ts$/, // server/app.ts is bundled into the build and loaded from it
  /^scripts\/[^/]+\.ts$/,
  /^scripts\/checks\/(browser-imports|unused-exports)\.ts$/,
  /^bench\/[^/]+\.ts$/,
  /^tests\/fakes\/(lead-provider|mail-catcher|payment-provider)\.ts$/,
  /^tests\/e2e\//,
  /\.test\.tsx?$/,
  /^tests\/.*\.(setup|global-setup|global|teardown)\.ts$/, // named in a Vitest config as a string
  /^\.react-router\//,
];

export function findUnusedExports(modules: Map<string, SourceModule>): string[] {
  const used = new Map<string, Set<string>>();
  const use = (file: string, name: string) => {
    if (!used.has(file)) used.set(file, new Set());
    used.get(file)!.add(name);
  };
  for (const module of modules.values()) for (const edge of module.imports) for (const name of edge.names) use(edge.to, name);
  // A name re-exported and imported from the re-exporting file is in use where it is declared too.
  let changed = true;
  while (changed) {
    changed = false;
    for (const module of modules.values()) {
      const taken = used.get(module.file);
      for (const edge of module.imports) {
        if (!edge.reExport) continue;
        for (const name of edge.names) {
          const passes = name === "*" ? [...(taken ?? [])] : taken?.has(name) || taken?.has("*") ? [name] : [];
          for (const passed of passes) {
            if (!used.get(edge.to)?.has(passed)) {
              use(edge.to, passed);
              changed = true;
            }
          }
        }
      }
      // `export { a }` of a local import, `import { a } from "x"; export { a }`: the import is the use.
    }
  }
  const problems: string[] = [];
  for (const module of modules.values()) {
    if (ENTRY_POINTS.some((pattern) => pattern.test(module.file))) continue;
    const taken = used.get(module.file);
    if (taken?.has("*")) continue;
    for (const [name, node] of module.exports) {
      // Types cost nothing at run time and often name a public signature's parts: only values are checked.
      if (module.typeExports.has(name)) continue;
      if (!taken?.has(name)) problems.push(`${where(module, node)}: ${name}`);
    }
  }
  return problems.sort();
}

/** `file: name`, without the line number, so edits elsewhere in the file do not disturb the baseline. */
const key = (problem: string) => problem.replace(/:\d+: /, ": ");

if (import.meta.main) {
  const problems = findUnusedExports(loadModuleGraph());
  if (process.argv.includes("--write-baseline")) {
    fs.writeFileSync(BASELINE, problems.map(key).join("\n") + "\n");
    console.log(`${problems.length} unused exports written to ${BASELINE.pathname}`);
    process.exit(0);
  }
  const known = new Set(fs.readFileSync(BASELINE, "utf8").split("\n").filter(Boolean));
  const found = new Set(problems.map(key));
  const fresh = problems.filter((problem) => !known.has(key(problem)));
  const gone = [...known].filter((line) => !found.has(line));
  for (const problem of fresh) console.error(`${problem} is exported and imported nowhere`);
  for (const line of gone) console.error(`${line} is used or gone now: delete its line in scripts/checks/unused-exports.baseline.txt`);
  if (fresh.length || gone.length) {
    console.error(
      "\nDelete what nothing uses, or drop `export` from what only its own file uses (decision 0046). " +
        `${known.size} known unused exports are listed in the baseline.`,
    );
    process.exit(1);
  }
}
