/**
 * A local fake of an OpenAI-compatible chat-completions endpoint (DESIGN D9; decision 0065): POST /v1/chat/completions
 * with `model` and `messages`, the key as a Bearer token, a deterministic answer written from the prompt (no language
 * model: the same prompt always gets the same words; for "Ask in plain words", the JSON filters of ai-plain-words.ts) and `usage` tokens counted from the text, four characters a
 * token. Every request is kept, body included, so a test can read exactly what the app sent. Tests start it on a free
 * port with `startFakeAiProvider`; offline development runs it:
 *   npm run fake:ai   (PORT, default 4030; AI_API_KEY, default the demo key)
 * and sets AI_API_URL=http://127.0.0.1:4030/v1, AI_API_KEY, AI_MODEL and OUTBOUND_ALLOWED_PRIVATE_ORIGINS.
 * Faults: `setFault({ mode, times })` or `POST /__fault {"mode": "500"|"429"|"400"|"slow"|"malformed"|"wrong-shape"|"huge"|"prose"|"none", "times": N}`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { plainWordsAnswer } from "./ai-plain-words.ts";

const DEMO_AI_KEY = "sk-local-fake-introbase-0123456789";
export const FAKE_AI_MODEL = "introbase-fake-1";
const FAKE_CONTEXT_CHARACTERS = 32_000;

const FAULT_MODES = ["none", "500", "429", "400", "slow", "malformed", "wrong-shape", "huge", "prose"] as const;
export type AiFaultMode = (typeof FAULT_MODES)[number];

export interface AiFault {
  mode: AiFaultMode;
  /** How many completions the fault answers before the fake is healthy again; unset, it lasts until changed. */
  times?: number;
}

export interface FakeAiRequest {
  /** Whether the Authorization header carried the right key (the key itself is never kept). */
  authorized: boolean;
  /** The JSON body as received (null when it was not JSON). */
  body: { model?: unknown; messages?: Array<{ role: string; content: string }> } | null;
  status: number;
}

export interface FakeAiProvider {
  /** The base url the app is configured with: {origin}/v1. */
  url: string;
  origin: string;
  apiKey: string;
  requests: FakeAiRequest[];
  setFault(fault: AiFault | AiFaultMode): void;
  /** Called when a "slow" answer starts being held back: the client is now waiting on its time limit. */
  onHold: (() => void) | null;
  close(): Promise<void>;
}

/** Four characters a token, at least one: a stand-in for a tokenizer that is the same on every run. */
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The value of a "Label: value" line of the prompt, if there is one. */
function field(prompt: string, label: string): string | undefined {
  const line = prompt.split("\n").find((l) => l.toLowerCase().startsWith(`${label.toLowerCase()}:`));
  const value = line?.slice(label.length + 1).trim();
  return value ? value : undefined;
}

/**
 * The answer: an introduction message when the system prompt asks for one, else a summary; both made of the prompt's
 * own labelled lines, so what the app sent is visible in what it shows.
 */
function fakeAnswer(messages: ReadonlyArray<{ role: string; content: string }>): string {
  const system = messages.find((m) => m.role === "system")?.content ?? "";
  const prompt = messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
  if (system.startsWith("You turn a sentence into search filters")) return plainWordsAnswer(system, prompt);
  const name = field(prompt, "Name") ?? "this company";
  const about = [field(prompt, "Tagline"), field(prompt, "Industries")].filter(Boolean).join("; ");
  if (/introduction/i.test(system)) {
    const sender = field(prompt, "Sender") ?? "[Your Name]";
    return [
      `Hi ${name} team,`,
      "",
      `I'm ${sender}. ${about ? `What you are building (${about}) caught my attention` : "Your profile caught my attention"}, and I believe a short conversation could be worthwhile for both of us.`,
      "",
      "Would you be open to an introduction?",
      "",
      "Best regards,",
      sender,
    ].join("\n");
  }
  const facts = prompt.split("\n").filter((l) => /^[A-Z][A-Za-z ]+: \S/.test(l)).length;
  return `${name}${about ? ` (${about})` : ""}: a summary written by the local AI fake from ${facts} profile field${facts === 1 ? "" : "s"}.`;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw = (raw + chunk).slice(0, 1_000_000)));
    req.on("end", () => {
      try {
        resolve(JSON.parse(raw));
      } catch {
        resolve(null);
      }
    });
  });
}

export async function startFakeAiProvider({
  port = 0,
  apiKey = DEMO_AI_KEY,
}: { port?: number; apiKey?: string } = {}): Promise<FakeAiProvider> {
  let fault: AiFault = { mode: "none" };
  const requests: FakeAiRequest[] = [];

  function takeFault(): AiFault {
    const current = fault;
    if (current.mode !== "none" && current.times !== undefined) {
      current.times -= 1;
      if (current.times <= 0) fault = { mode: "none" };
    }
    return current;
  }

  async function complete(req: IncomingMessage, res: ServerResponse) {
    const raw = await readJson(req);
    const body = raw && typeof raw === "object" ? (raw as FakeAiRequest["body"]) : null;
    const authorized = req.headers.authorization === `Bearer ${apiKey}`;
    const entry: FakeAiRequest = { authorized, body, status: 0 };
    requests.push(entry);
    const answer = (status: number, payload: unknown, headers?: Record<string, string>) => {
      entry.status = status;
      send(res, status, payload, headers);
    };
    if (!authorized) return answer(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
    const messages = body?.messages;
    if (!Array.isArray(messages) || typeof body?.model !== "string" || !messages.every((m) => typeof m?.content === "string"))
      return answer(400, { error: { message: "model and messages are required", type: "invalid_request_error" } });
    // What the real API refuses whatever the fault: text that is not valid Unicode or holds NUL, and a prompt over the
    // model's context (a small one here: 32,000 characters, about 8,000 tokens).
    if (messages.some((m) => !m.content.isWellFormed() || m.content.includes("\u0000")))
      return answer(400, { error: { message: "Invalid 'messages': the content is not valid text", type: "invalid_request_error" } });
    if (messages.reduce((n, m) => n + m.content.length, 0) > FAKE_CONTEXT_CHARACTERS)
      return answer(400, {
        error: {
          message: "This model's maximum context length was exceeded",
          type: "invalid_request_error",
          code: "context_length_exceeded",
        },
      });
    const active = takeFault();
    if (active.mode === "500") return answer(500, { error: { message: "The server had an error", type: "server_error" } });
    if (active.mode === "429") return answer(429, { error: { message: "Rate limit reached", type: "requests" } }, { "Retry-After": "20" });
    if (active.mode === "400")
      return answer(400, { error: { message: "This request was refused by the content policy", type: "invalid_request_error" } });
    if (active.mode === "malformed") {
      entry.status = 200;
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end('{"choices": [{"message": {"content": "cut off');
    }
    if (active.mode === "wrong-shape") return answer(200, { result: "no choices here", usage: { total_tokens: "many" } });
    // A well-formed completion whose text is a model declining in prose: no JSON where a kind needs it.
    if (active.mode === "prose")
      return answer(200, { choices: [{ message: { role: "assistant", content: "I'm sorry, but I can't help with that request." } }] });
    if (active.mode === "huge") return answer(200, { choices: [{ message: { role: "assistant", content: "x".repeat(2_000_000) } }] });
    // Held with no timer at all: only the client's time limit (or close) ends it, however slow the machine is.
    if (active.mode === "slow") {
      entry.status = 0;
      fake.onHold?.();
      return;
    }
    const content = fakeAnswer(messages);
    const prompt = tokens(messages.map((m) => m.content).join("\n"));
    const completion = tokens(content);
    answer(200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: "chat.completion",
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/healthz") return send(res, 200, { ok: true });
    if (url.pathname === "/__fault") {
      if (req.method === "GET") return send(res, 200, fault);
      if (req.method !== "POST") return send(res, 405, { message: "Method Not Allowed" });
      void readJson(req).then((value) => {
        const mode = value && typeof value === "object" ? (value as { mode?: unknown }).mode : undefined;
        const times = value && typeof value === "object" ? (value as { times?: unknown }).times : undefined;
        if (!FAULT_MODES.includes(mode as AiFaultMode)) return send(res, 400, { message: `Expected {"mode": ${FAULT_MODES.join("|")}}` });
        fault = { mode: mode as AiFaultMode, times: typeof times === "number" && times > 0 ? times : undefined };
        send(res, 200, fault);
      });
      return;
    }
    if (req.method === "POST" && url.pathname === "/v1/chat/completions") return void complete(req, res);
    send(res, 404, { error: { message: "Not Found" } });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeAiProvider = {
    url: `${origin}/v1`,
    origin,
    apiKey,
    requests,
    onHold: null,
    setFault: (next) => {
      fault = typeof next === "string" ? { mode: next } : { ...next };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
  return fake;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fake = await startFakeAiProvider({ apiKey: process.env.AI_API_KEY || DEMO_AI_KEY, port: Number(process.env.PORT ?? 4030) });
  console.log(
    `AI provider fake: AI_API_URL=${fake.url} AI_API_KEY=${fake.apiKey} AI_MODEL=${FAKE_AI_MODEL} ` +
      `OUTBOUND_ALLOWED_PRIVATE_ORIGINS=${fake.origin} (faults: POST ${fake.origin}/__fault)`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
