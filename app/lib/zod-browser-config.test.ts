import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZOD_BROWSER_CONFIG_SCRIPT } from "./zod-browser-config.ts";

describe("zod's browser settings", () => {
  it("the inline script sets jitless, keeping any setting already there", () => {
    const page: Record<string, unknown> = { __zod_globalConfig: { locale: "en" } };
    page.globalThis = page;
    runInNewContext(ZOD_BROWSER_CONFIG_SCRIPT, page);
    expect(page.__zod_globalConfig).toEqual({ locale: "en", jitless: true });
  });

  it("is where the installed zod keeps its settings (z.config() is that object): a zod that moved it fails here", () => {
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig);
  });
});
