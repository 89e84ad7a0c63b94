import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server.ts";
import { aiClientFrom } from "./ai-config.server.ts";

describe("aiClientFrom", () => {
  it("makes no client without AI_API_URL: the features fall back to the spec's template and show no summary", () => {
    expect(aiClientFrom(parseEnv({ AI_API_KEY: "sk-unused", AI_MODEL: "small" }))).toBeNull();
  });

  it("makes one with a url and a model; a key is optional (a local model server may need none)", () => {
    expect(aiClientFrom(parseEnv({ AI_API_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3" }))).not.toBeNull();
  });
});
