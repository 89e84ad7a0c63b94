import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SEMI_SPACE_FLAG, serverProcessFlags } from "./process-flags.ts";

describe("the flags of a server process", () => {
  it("cap V8's young generation unless the operator gave a size, keeping every other flag", () => {
    expect(serverProcessFlags(["--enable-source-maps"])).toEqual(["--enable-source-maps", SEMI_SPACE_FLAG]);
    expect(serverProcessFlags(["--max-semi-space-size=32"])).toEqual(["--max-semi-space-size=32"]);
    expect(serverProcessFlags([], "--max-old-space-size=4096 --max-semi-space-size=16")).toEqual([]);
  });

  it("are those `npm start` and `npm run serve` give a single process", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toContain(`node ${SEMI_SPACE_FLAG} server/index.ts`);
    expect(scripts.serve).toContain(`node ${SEMI_SPACE_FLAG} server/index.ts`);
  });
});
