/**
 * The server processes' own log (the cluster's primary, server/index.ts, and each HTTP server, server/http-server.ts)
 * holds no credential: the session cookie, an Authorization header, an API key or a password in a logged object are
 * written as "[redacted]", as the application's log writes them (decision 0112: one logger setup). Run in a child
 * process as the server runs it, straight from Node, so what is checked is the bytes on its standard output.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const SERVER_LOG = fileURLToPath(new URL("./server-log.ts", import.meta.url));

/** What `serverLog.error(fields, "request failed")` writes, parsed. */
async function logged(fields: unknown): Promise<Record<string, unknown>> {
  const script = `const { serverLog } = await import(${JSON.stringify(SERVER_LOG)}); serverLog.error(${JSON.stringify(fields)}, "request failed");`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info" },
  });
  return JSON.parse(stdout.trim()) as Record<string, unknown>;
}

describe("the server processes' log", () => {
  it("writes credentials in a logged request's headers and fields as [redacted], and keeps the rest", async () => {
    const line = await logged({
      req: {
        method: "POST",
        url: "/api/listings",
        headers: {
          cookie: "__Secure-better-auth.session_token=s3cr3t-session",
          authorization: "Bearer s3cr3t-bearer",
          "x-lot-api-key": "s3cr3t-api-key",
          "user-agent": "curl/8.5.0",
        },
      },
      account: { apiKey: "s3cr3t-key-field", password: "s3cr3t-password", email: "ada@example.org" },
    });
    expect(JSON.stringify(line)).not.toMatch(/s3cr3t/);
    expect(line).toMatchObject({
      msg: "request failed",
      req: {
        method: "POST",
        url: "/api/listings",
        headers: { cookie: "[redacted]", authorization: "[redacted]", "x-lot-api-key": "[redacted]", "user-agent": "curl/8.5.0" },
      },
      account: { apiKey: "[redacted]", password: "[redacted]", email: "ada@example.org" },
    });
  });
});
