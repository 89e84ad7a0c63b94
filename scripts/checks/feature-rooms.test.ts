/**
 * Decision 0113: inside imports, directory and duplicates, each kind of code has its room (ui/, server/, the rules
 * at the top or in a sub-domain's folder). These lint made-up files at made-up places through the project's own
 * eslint.config.js, the way `npm run lint` sees a file someone adds.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: fileURLToPath(new URL("../..", import.meta.url)) });

async function roomProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "structure/feature-rooms").map((message) => message.message);
}

const COMPONENT = "export function Badge() {\n  return null;\n}\n";

describe("the rooms inside the large features (structure/feature-rooms)", () => {
  it("refuses a component or a hook at the top of a feature, and accepts it in ui/", async () => {
    expect(await roomProblems("app/features/directory/badge.tsx", COMPONENT)).toEqual([expect.stringContaining("go in ui/")]);
    expect(await roomProblems("app/features/duplicates/use-badge.ts", "export const useBadge = () => 1;\n")).toHaveLength(1);
    expect(await roomProblems("app/features/directory/ui/badge.tsx", COMPONENT)).toEqual([]);
  });

  it("refuses a server module at the top or in ui/, and accepts it in server/ or a sub-domain's folder", async () => {
    const code = "export const load = () => 1;\n";
    expect(await roomProblems("app/features/imports/load.server.ts", code)).toHaveLength(1);
    expect(await roomProblems("app/features/imports/ui/load.server.ts", code)).toHaveLength(1);
    expect(await roomProblems("app/features/imports/server/load.server.ts", code)).toEqual([]);
    expect(await roomProblems("app/features/imports/provider/load.server.ts", code)).toEqual([]);
  });

  it("lets UI and rules take only types from a server module, and keeps rules away from UI", async () => {
    const valueImport = 'import { searchListings } from "../server/search-listings.server.ts";\nexport const f = searchListings;\n';
    const typeImport = 'import type { DirectoryPage } from "../server/directory-page.server.ts";\nexport type T = DirectoryPage;\n';
    expect(await roomProblems("app/features/directory/ui/grid.tsx", valueImport)).toEqual([expect.stringContaining("only for its types")]);
    expect(await roomProblems("app/features/directory/ui/grid.tsx", typeImport)).toEqual([]);
    expect(
      await roomProblems(
        "app/features/directory/page-rules.ts",
        'import { ResultsGrid } from "./ui/results-grid.tsx";\nexport const g = ResultsGrid;\n',
      ),
    ).toEqual([expect.stringContaining("Rules never import UI")]);
  });

  it("leaves the other features and the tests alone", async () => {
    expect(await roomProblems("app/features/profiles/badge.tsx", COMPONENT)).toEqual([]);
    expect(await roomProblems("app/features/directory/badge.test.tsx", COMPONENT)).toEqual([]);
  });
});
