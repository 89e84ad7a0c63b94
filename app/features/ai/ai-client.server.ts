/**
 * A small client for an OpenAI-compatible chat-completions endpoint (decision 0065; DESIGN D9, D12, D16): one
 * `POST {baseUrl}/chat/completions` with `model` and `messages`, through the one outbound fetch with this client's
 * own time and size limits. The answer is checked with zod; `choices[0].message.content` is the text and
 * `usage.total_tokens` what it cost. Every failure becomes an AiProviderError whose message a member may read: the
 * provider's own words, our key and the prompt stay out of it, and out of the log line.
 */
import { z } from "zod";
import { AppError } from "~/lib/errors.ts";
import { createOutboundFetch, OutboundError, type LookupAll, type StartTimer } from "~/lib/outbound-fetch.server.ts";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

export interface Completion {
  content: string;
  /** What the provider says the call cost; 0 when it does not say (some local model servers leave usage out). */
  totalTokens: number;
}

export interface AiClient {
  complete(messages: readonly ChatMessage[]): Promise<Completion>;
}

export type AiFailure = "timeout" | "unreachable" | "busy" | "refused" | "malformed";

/** What a member is told; the same words whatever provider is configured. */
export const AI_FAILURE_MESSAGES: Record<AiFailure, string> = {
  timeout: "The AI service did not answer in time. Please try again in a moment.",
  unreachable: "The AI service is unavailable right now. Please try again in a moment.",
  busy: "The AI service is busy right now. Please try again in a moment.",
  refused: "The AI service could not answer this request. Please try again later.",
  malformed: "The AI service sent an answer that could not be read. Please try again.",
};

/**
 * The far end failed us: code data_source (503), as the spreadsheet client's errors are. `reason` and `httpStatus`
 * are for the log; the message is the member's.
 */
export class AiProviderError extends AppError {
  readonly reason: AiFailure;
  readonly httpStatus?: number;
  constructor(reason: AiFailure, httpStatus?: number) {
    super("data_source", AI_FAILURE_MESSAGES[reason]);
    this.name = "AiProviderError";
    this.reason = reason;
    this.httpStatus = httpStatus;
  }
}

/** An answer is a few hundred words; 256 KB leaves room for any provider's extra fields and cuts off a runaway. */
const AI_MAX_ANSWER_BYTES = 256 * 1024;

export interface AiClientOptions {
  /** The API base, e.g. https://api.openai.com/v1: requests go to {baseUrl}/chat/completions. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole exchange, body included. */
  timeoutMs: number;
  maxBytes?: number;
  /** Loopback or private origins this client may reach (a local fake, a model server on the LAN): DESIGN D16. */
  privateOrigins?: readonly string[];
  /** Test seams of the outbound fetch: a time limit the test runs out by hand, a resolver. */
  startTimer?: StartTimer;
  lookup?: LookupAll;
  /** Where failures are reported (pino-like): reason and status only, never the key or the prompt. */
  logger?: { warn(details: object, message: string): void };
}

const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().trim().min(1) }) })).min(1),
  usage: z.object({ total_tokens: z.number().int().min(0).max(10_000_000) }).optional(),
});

function failureOfStatus(status: number): AiFailure {
  if (status === 429) return "busy";
  // A wrong key (401/403) is the operator's to fix; the member can only wait: "unavailable", and the log says why.
  if (status === 401 || status === 403 || status >= 500) return "unreachable";
  return "refused";
}

export function createAiClient(options: AiClientOptions): AiClient {
  const { apiKey, model, timeoutMs, maxBytes = AI_MAX_ANSWER_BYTES, logger } = options;
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const doFetch = createOutboundFetch({
    privateOrigins: options.privateOrigins,
    timeoutMs,
    maxBytes,
    startTimer: options.startTimer,
    lookup: options.lookup,
  });

  function fail(reason: AiFailure, details: { httpStatus?: number; cause?: string } = {}): never {
    logger?.warn({ reason, httpStatus: details.httpStatus, cause: details.cause, model }, "AI provider call failed");
    throw new AiProviderError(reason, details.httpStatus);
  }

  async function complete(messages: readonly ChatMessage[]): Promise<Completion> {
    const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
    if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
    let response: Response;
    let text: string;
    try {
      // A redirect of a POST carrying a key is not followed: an endpoint that moved is reported, not chased.
      response = await doFetch(endpoint, { method: "POST", headers, body: JSON.stringify({ model, messages }), redirect: "manual" });
      // The body is read inside the same time and size limits: a provider that stalls mid-answer is as slow as a silent one.
      text = await response.text();
    } catch (error) {
      if (error instanceof OutboundError) {
        // Only the kind goes to the log: the message quotes the url, which an operator already knows.
        return fail(error.code === "too_large" ? "malformed" : "unreachable", { cause: error.code });
      }
      const name = error instanceof Error ? error.name : "";
      if (name === "TimeoutError") return fail("timeout", { cause: `no answer within ${timeoutMs} ms` });
      return fail("unreachable", { cause: name || "connection failed" });
    }
    if (response.status >= 300 && response.status < 400) return fail("refused", { httpStatus: response.status, cause: "redirect" });
    if (!response.ok) return fail(failureOfStatus(response.status), { httpStatus: response.status });
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return fail("malformed", { httpStatus: response.status, cause: "not JSON" });
    }
    const parsed = ChatCompletion.safeParse(raw);
    if (!parsed.success) return fail("malformed", { httpStatus: response.status, cause: "not a chat completion" });
    return { content: parsed.data.choices[0]!.message.content.trim(), totalTokens: parsed.data.usage?.total_tokens ?? 0 };
  }

  return { complete };
}
