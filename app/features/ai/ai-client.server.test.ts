import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeAiProvider, type FakeAiProvider } from "../../../tests/fakes/ai-provider.ts";
import { AI_FAILURE_MESSAGES, AiProviderError, createAiClient, type AiClientOptions, type ChatMessage } from "./ai-client.server.ts";

const KEY = "sk-test-secret-key-4242";
const MESSAGES: ChatMessage[] = [
  { role: "system", content: "You summarise company profiles." },
  { role: "user", content: "Summarise this startup profile.\n\nName: Acme Robotics\nTagline: Robots for small farms" },
];

let fake: FakeAiProvider;
let logged: string;

beforeAll(async () => {
  fake = await startFakeAiProvider({ apiKey: KEY });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setFault("none");
  fake.requests.length = 0;
  fake.onHold = null;
});

/** A client of the fake through the real outbound fetch, allowed to reach this fake only; its log lines kept. */
function client(options: Partial<AiClientOptions> = {}) {
  logged = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  return createAiClient({
    baseUrl: fake.url,
    apiKey: KEY,
    model: "test-model",
    timeoutMs: 5_000,
    privateOrigins: [fake.origin],
    logger: pino({ level: "warn" }, sink),
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

describe("AI client against the fake", () => {
  it("sends model and messages with the key as a Bearer token, and reads the text and the tokens", async () => {
    const answer = await client().complete(MESSAGES);
    expect(answer.content).toMatch(/^Acme Robotics \(Robots for small farms\): a summary written by the local AI fake/);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ authorized: true, status: 200, body: { model: "test-model", messages: MESSAGES } });
    // The fake's usage: four characters a token, prompt and answer.
    const promptTokens = Math.ceil(MESSAGES.map((m) => m.content).join("\n").length / 4);
    expect(answer.totalTokens).toBe(promptTokens + Math.ceil(answer.content.length / 4));
  });

  it("gives the same answer for the same prompt", async () => {
    const c = client();
    expect((await c.complete(MESSAGES)).content).toBe((await c.complete(MESSAGES)).content);
  });

  it("times out when the provider holds its answer back, with the member's words", async () => {
    let runOut: (() => void) | undefined;
    const c = client({
      // The time limit ends when the test says so (the fake is holding the answer), never because the machine is slow.
      startTimer: (_ms, onTimeout) => {
        runOut = onTimeout;
        return () => (runOut = undefined);
      },
    });
    fake.setFault("slow");
    fake.onHold = () => runOut?.();
    const error = await failure(c.complete(MESSAGES));
    expect(error).toMatchObject({ reason: "timeout", code: "data_source", message: AI_FAILURE_MESSAGES.timeout });
    expect(error.status).toBe(503);
  });

  it.each([
    ["500", "unreachable", 500],
    ["429", "busy", 429],
    ["400", "refused", 400],
    ["malformed", "malformed", 200],
    ["wrong-shape", "malformed", 200],
  ] as const)("a %s answer is a '%s' failure, never the provider's own words", async (mode, reason, status) => {
    fake.setFault(mode);
    const error = await failure(client().complete(MESSAGES));
    expect(error).toMatchObject({ reason, httpStatus: status, message: AI_FAILURE_MESSAGES[reason] });
    expect(error.message).not.toMatch(/content policy|server had an error|Rate limit/);
    expect(logged).toContain(`"reason":"${reason}"`);
  });

  it("cuts off an answer larger than the size limit", async () => {
    fake.setFault("huge");
    const error = await failure(client({ maxBytes: 64 * 1024 }).complete(MESSAGES));
    expect(error).toMatchObject({ reason: "malformed" });
    expect(logged).toContain('"cause":"too_large"');
  });

  it("reports a wrong key as unavailable to the member, and never writes the key anywhere", async () => {
    const error = await failure(client({ apiKey: "sk-wrong-key-777" }).complete(MESSAGES));
    expect(error).toMatchObject({ reason: "unreachable", httpStatus: 401 });
    expect(fake.requests[0]).toMatchObject({ authorized: false, status: 401 });
    // Failures of every kind, then everything the client said: no key in the log, the errors or their details.
    fake.setFault("500");
    const again = await failure(client().complete(MESSAGES));
    for (const text of [logged, error.message, again.message, JSON.stringify(error), JSON.stringify(again)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain("sk-wrong-key-777");
    }
  });

  it("goes through the outbound fetch: a local address not allowed by configuration is never contacted", async () => {
    const error = await failure(client({ privateOrigins: [] }).complete(MESSAGES));
    expect(error).toMatchObject({ reason: "unreachable" });
    expect(fake.requests).toHaveLength(0);
    expect(logged).toContain('"cause":"forbidden_address"');
  });

  it("does not follow a redirect with the key", async () => {
    const redirecting = await import("node:http").then(
      ({ createServer }) =>
        new Promise<{ origin: string; close: () => void; hits: () => number }>((resolve) => {
          let hits = 0;
          const server = createServer((_req, res) => {
            hits += 1;
            res.writeHead(307, { Location: `${fake.url}/chat/completions` }).end();
          });
          server.listen(0, "127.0.0.1", () => {
            const { port } = server.address() as { port: number };
            resolve({ origin: `http://127.0.0.1:${port}`, close: () => server.close(), hits: () => hits });
          });
        }),
    );
    try {
      const error = await failure(
        client({ baseUrl: redirecting.origin, privateOrigins: [redirecting.origin, fake.origin] }).complete(MESSAGES),
      );
      expect(error).toMatchObject({ reason: "refused", httpStatus: 307 });
      expect(redirecting.hits()).toBe(1);
      expect(fake.requests).toHaveLength(0);
    } finally {
      redirecting.close();
    }
  });
});

describe("the fake refuses what a real provider refuses", () => {
  it("NUL or broken Unicode in a message, and a prompt over the model's context, are 400s: the client reports them refused", async () => {
    for (const content of ["a\u0000b", "a \ud800 b", "x".repeat(40_000)]) {
      const error = await failure(client().complete([{ role: "user", content }]));
      expect(error).toMatchObject({ reason: "refused", httpStatus: 400 });
    }
    expect(fake.requests.map((r) => r.status)).toEqual([400, 400, 400]);
  });
});
