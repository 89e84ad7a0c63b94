/**
 * Issue 29, findings 5 and 6, with a real server process (`node server/index.ts` in development mode, as
 * start-and-stop.test.ts starts it): what the server writes is only the structured log, and the log holds no secret.
 *
 * - Text PostgreSQL refuses (NUL, lone surrogates, bytes that are not UTF-8, over-long values) in a body sent to
 *   Better Auth's endpoints is a 400 with a message, and nothing reaches stderr (Better Auth used to print the failed
 *   SQL with its parameters there: a name, an address, a password).
 * - Every secret-bearing URL (unsubscribe and intro links, verification and reset tokens, OAuth codes and states, a
 *   key in a query, a secret link passed on in returnTo) is logged without its secret, on the access line and on
 *   every other line that names the path (page not found, cross-origin request refused).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
/** This test's own port (the development server also takes PORT + 20000 for hot reload). */
const PORT = 3536;
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface LogLine {
  msg?: string;
  req?: { id?: string; url?: string };
  [field: string]: unknown;
}

let scratch: string;
let stopServer = async () => {};
const stdoutLines: string[] = [];
let stderr = "";
const logLines: LogLine[] = [];
const waiters = new Set<() => void>();

/** Resolves once a log line passes `test`; rejects if the server exits first. */
let exited: Promise<unknown>;
function logged(test: (line: LogLine) => boolean): Promise<LogLine> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = logLines.find(test);
      if (!line) return;
      waiters.delete(check);
      resolve(line);
    };
    waiters.add(check);
    void exited.then(() => {
      waiters.delete(check);
      reject(new Error(`the server exited:\n${stdoutLines.slice(-20).join("\n")}\n${stderr}`));
    });
    check();
  });
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "introbase-log-hygiene-"));
  const child = spawn(process.execPath, ["--conditions=development", "server/index.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? scratch,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET_FILE: path.join(scratch, "auth-secret"),
      PGLITE_DIR: path.join(scratch, "pglite"),
      SEED_LISTINGS: "5",
      // Everything the server would ever say, so a secret at any level shows.
      LOG_LEVEL: "debug",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  exited = new Promise((resolve) => child.once("exit", resolve));
  stopServer = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on("line", (text) => {
    stdoutLines.push(text);
    try {
      logLines.push(JSON.parse(text) as LogLine);
    } catch {
      return;
    }
    for (const wake of waiters) wake();
  });
  await logged((l) => l.msg === "ready");
});

afterAll(async () => {
  await stopServer();
  await rm(scratch, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
  requestId: string;
}

/** One request on a connection of its own; `body` as bytes so that a test can send what is not UTF-8. */
function send(target: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body) headers["content-length"] = String(init.body.byteLength);
    const req = request({ host: "127.0.0.1", port: PORT, path: target, method: init.method ?? "GET", headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, requestId: String(res.headers["x-request-id"] ?? "") }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

const postJson = (target: string, body: string | Buffer) =>
  send(target, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: typeof body === "string" ? Buffer.from(body, "utf8") : body,
  });

/** The access line of a request (written when its answer is finished). */
const accessLine = (answer: Answer) => logged((l) => l.msg === "request completed" && l.req?.id === answer.requestId);

/** Secrets look like this in the test, so one search finds any of them anywhere in the output. */
const secret = (label: string) => `s3cr3t${label}${randomBytes(8).toString("hex")}`;

/** Every line of stdout is the structured log; Vite's own lines are the development server's, never production's. */
function linesOutsideTheLog(): string[] {
  return stdoutLines.filter((line) => {
    try {
      const parsed = JSON.parse(line) as { level?: unknown; time?: unknown; msg?: unknown };
      return !(typeof parsed.level === "number" && typeof parsed.time === "number");
    } catch {
      return !/^\d{1,2}:\d{2}:\d{2} [AP]M \[vite\] /.test(line);
    }
  });
}

describe("bodies Better Auth would hand to the database", () => {
  it("are refused with a 400 and a message, and nothing is written outside the structured log", async () => {
    const email = `${secret("mail")}@example.org`;
    const password = secret("password");
    const name = secret("name");
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ["/api/auth/sign-up/email", JSON.stringify({ name: `${name}\u0000`, email, password }), /NUL/],
      ["/api/auth/sign-up/email", JSON.stringify({ name, email: `${email}\u0000`, password }), /NUL/],
      ["/api/auth/sign-up/email", JSON.stringify({ name, email, password: `${password}\u0000` }), /NUL/],
      ["/api/auth/sign-up/email", `{"name":"${name}\\ud800","email":"${email}","password":"${password}"}`, /surrogate/],
      [
        "/api/auth/sign-up/email",
        Buffer.concat([
          Buffer.from(`{"name":"${name}`),
          Buffer.from([0xff, 0xfe]),
          Buffer.from(`","email":"${email}","password":"${password}"}`),
        ]),
        /UTF-8/,
      ],
      ["/api/auth/sign-up/email", JSON.stringify({ name: name.repeat(50), email, password }), /name is too long/],
      ["/api/auth/sign-up/email", JSON.stringify({ name, email: `${"a".repeat(3000)}${email}`, password }), /email is too long/],
      ["/api/auth/sign-in/email", JSON.stringify({ email: `${email}\u0000`, password }), /NUL/],
      ["/api/auth/sign-in/email", JSON.stringify({ email, password: `${password}\u0000` }), /NUL/],
      ["/api/auth/request-password-reset", JSON.stringify({ email, redirectTo: `/${password}\u0000` }), /NUL/],
    ];
    for (const [target, body, message] of cases) {
      const answer = await postJson(target, body);
      expect([target, answer.status], answer.body).toEqual([target, 400]);
      expect((JSON.parse(answer.body) as { error: string }).error).toMatch(message);
      await accessLine(answer);
    }
    expect(stderr).toBe("");
    expect(linesOutsideTheLog()).toEqual([]);
    const output = stdoutLines.join("\n");
    for (const value of [email, password, name]) expect(output).not.toContain(value);
  });
});

describe("secret-bearing URLs", () => {
  it("are logged without their secrets, on the access line and on every other line that names the path", async () => {
    const secrets: string[] = [];
    const s = (label: string) => {
      const value = secret(label);
      secrets.push(value);
      return value;
    };
    const targets = [
      `/unsubscribe/${s("unsub")}`,
      `/unsubscribe/${s("unsubdata")}.data`,
      `/UnSubscribe/${s("unsubcase")}/more`,
      `/introductions/respond/${s("intro")}`,
      `/introductions/respond/${s("introdata")}.data?_routes=routes%2Fintroductions.respond`,
      `/verify-email?token=${s("verify")}`,
      `/api/auth/verify-email?token=${s("baverify")}&callbackURL=%2F`,
      `/api/auth/reset-password/${s("reset")}?callbackURL=%2Fsign-in`,
      `/api/auth/callback/google?code=${s("code")}&state=${s("state")}`,
      `/dev/oidc/google/choose-account?client_id=nobody&state=${s("idpstate")}&nonce=${s("nonce")}&code_challenge=${s("pkce")}`,
      `/api/listings?api_key=${s("apikey")}&access_token=${s("access")}`,
      `/sign-in?returnTo=${encodeURIComponent(`/unsubscribe/${s("returnto")}`)}`,
    ];
    for (const target of targets) {
      const answer = await send(target, { headers: { referer: `${ORIGIN}/introductions/respond/${s("referer")}` } });
      const line = await accessLine(answer);
      // The line is there, and says which route was asked for.
      expect(line.req?.url?.split(/[/?]/)[1]?.toLowerCase()).toBe(target.split(/[/?]/)[1]?.toLowerCase());
    }
    // A one-click unsubscribe sent from another site: refused, and logged as such.
    const crossSite = await send(`/unsubscribe/${s("crosssite")}`, { method: "POST", headers: { origin: "https://elsewhere.example" } });
    expect(crossSite.status).toBe(403);
    await accessLine(crossSite);
    await logged((l) => l.msg === "cross-origin request refused");
    await logged((l) => l.msg === "page not found");

    // The lines that hold a secret (none), shown whole so a failure says where the secret came from.
    const leaks = [...stdoutLines, ...stderr.split("\n")].filter((line) => secrets.some((value) => line.includes(value)));
    expect(leaks).toEqual([]);
  });
});
