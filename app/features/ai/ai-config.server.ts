/**
 * The AI provider the environment configures (decision 0065): none without AI_API_URL, and then every AI feature
 * falls back to what the specification does without one (the template greeting; no summary button).
 */
import { getEnv, type Env } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { createAiClient, type AiClient } from "./ai-client.server.ts";

type AiSettings = Pick<Env, "AI_API_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_TIMEOUT_MS" | "OUTBOUND_ALLOWED_PRIVATE_ORIGINS">;

/** The client the settings describe, or null when no provider is configured. */
export function aiClientFrom(env: AiSettings): AiClient | null {
  if (!env.AI_API_URL || !env.AI_MODEL) return null;
  return createAiClient({
    baseUrl: env.AI_API_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
    privateOrigins: env.OUTBOUND_ALLOWED_PRIVATE_ORIGINS,
    logger,
  });
}

let configured: AiClient | null | undefined;

/** This server's AI client (null: none configured), made once from the environment. */
export function getAiClient(): AiClient | null {
  if (configured === undefined) configured = aiClientFrom(getEnv());
  return configured;
}

/** Whether an AI provider is configured: public configuration the pages may know (never the url or key). */
export function isAiConfigured(): boolean {
  return getAiClient() !== null;
}
