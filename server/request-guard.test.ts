import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { refusal } from "./request-guard.ts";

const req = (url: string, accept?: string) => ({ url, headers: accept ? { accept } : {} }) as IncomingMessage;

describe("refusal", () => {
  it("answers { error } to APIs and to clients that do not ask for a page", () => {
    expect(refusal(req("/api/listings", "text/html"), 400, "Bad")).toEqual({
      contentType: "application/json; charset=utf-8",
      body: '{"error":"Bad"}',
    });
    expect(refusal(req("/pilot"), 413, "Too large").contentType).toBe("application/json; charset=utf-8");
    expect(refusal(req("/pilot.data", "*/*"), 413, "Too large").contentType).toBe("application/json; charset=utf-8");
  });

  it("answers a browser with a page that says what was wrong, the message escaped", () => {
    const { contentType, body } = refusal(req("/profile/startup/x", "text/html,application/xhtml+xml"), 400, 'Bad <script>"x"</script>');
    expect(contentType).toBe("text/html; charset=utf-8");
    expect(body).toContain("<title>400 Bad request · Introbase</title>");
    expect(body).toContain("Bad &#60;script&#62;&#34;x&#34;&#60;/script&#62;");
    expect(body).not.toContain("<script>");
    expect(refusal(req("/pilot", "text/html"), 413, "Too large").body).toContain("<h1>Too large</h1>");
  });
});
