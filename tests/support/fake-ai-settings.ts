/**
 * Starts the AI fake and points the app's AI settings (and the outbound allow-list) at it. The settings are read once,
 * when the app's modules first ask, so a test file calls this inside `vi.hoisted`, before any import of the app:
 *   const fake = await vi.hoisted(async () => (await import("…/tests/support/fake-ai-settings.ts")).useFakeAiProvider("sk-…"));
 */
import { FAKE_AI_MODEL, startFakeAiProvider, type FakeAiProvider } from "../fakes/ai-provider.ts";

export async function useFakeAiProvider(apiKey: string): Promise<FakeAiProvider> {
  const started = await startFakeAiProvider({ apiKey });
  Object.assign(process.env, {
    AI_API_URL: started.url,
    AI_API_KEY: started.apiKey,
    AI_MODEL: FAKE_AI_MODEL,
    OUTBOUND_ALLOWED_PRIVATE_ORIGINS: started.origin,
  });
  return started;
}
