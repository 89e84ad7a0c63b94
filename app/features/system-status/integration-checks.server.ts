/**
 * The "test" button of each configured integration on /admin/system (decision 0107): one real call that changes
 * nothing at the far end, through the same client the product uses, and what happened in words. SMTP: connect, EHLO
 * and log in, no message. Payments: read a price. AI: the shortest completion. Lead-data provider: one page of one
 * record. Spreadsheet: the base's table list.
 */
import { aiClientFrom } from "~/features/ai/ai-config.server.ts";
import { createStripeGateway } from "~/features/billing/stripe-gateway.server.ts";
import { createProviderClient } from "~/features/imports/provider/provider-client.server.ts";
import { ProviderQuery } from "~/features/imports/provider/provider-query.ts";
import type { Env } from "~/lib/env.server.ts";
import { verifySmtp } from "~/lib/mailer.server.ts";
import { createSpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";

export type IntegrationId = "smtp" | "payments" | "ai" | "provider" | "spreadsheet";

export interface IntegrationCheck {
  id: IntegrationId;
  name: string;
  configured(env: Env): boolean;
  /** Resolves with what the far end said; throws with why it failed. */
  run(env: Env): Promise<string>;
}

export const INTEGRATIONS: readonly IntegrationCheck[] = [
  {
    id: "smtp",
    name: "E-mail (SMTP)",
    configured: (env) => Boolean(env.SMTP_URL),
    run: async (env) => {
      await verifySmtp(env.SMTP_URL!);
      return "Connected, greeted and logged in; no message sent.";
    },
  },
  {
    id: "payments",
    name: "Payments (Stripe)",
    configured: (env) => Boolean(env.STRIPE_SECRET_KEY),
    run: async (env) => {
      const gateway = createStripeGateway(env);
      const price = await gateway.findPrice("introbase_subscriber_monthly");
      return price ? "Read the monthly subscriber price." : "Answered, but has no price with the lookup key introbase_subscriber_monthly.";
    },
  },
  {
    id: "ai",
    name: "AI provider",
    configured: (env) => Boolean(env.AI_API_URL && env.AI_MODEL),
    run: async (env) => {
      const completion = await aiClientFrom(env)!.complete([{ role: "user", content: "Reply with the word OK." }]);
      return `Answered (${completion.totalTokens} tokens).`;
    },
  },
  {
    id: "provider",
    name: "Lead-data provider",
    configured: (env) => Boolean(env.PROVIDER_API_KEY),
    run: async (env) => {
      const client = createProviderClient({
        baseUrl: env.PROVIDER_API_URL,
        apiKey: env.PROVIDER_API_KEY,
        timeoutMs: env.PROVIDER_TIMEOUT_MS,
        maxRetries: 0,
      });
      const page = await client.fetchPage("funding", ProviderQuery.parse({ maxResults: 1 }));
      return `Read one page (${page.records.length} record${page.records.length === 1 ? "" : "s"}).`;
    },
  },
  {
    id: "spreadsheet",
    name: "Spreadsheet base",
    configured: (env) => Boolean(env.SPREADSHEET_API_KEY && env.SPREADSHEET_BASE_ID),
    run: async (env) => {
      const api = createSpreadsheetApi({
        apiUrl: env.SPREADSHEET_API_URL,
        apiKey: env.SPREADSHEET_API_KEY!,
        baseId: env.SPREADSHEET_BASE_ID!,
      });
      const tables = await api.listTables();
      return `Read the base's ${tables.length} table${tables.length === 1 ? "" : "s"}.`;
    },
  },
];

export type CheckOutcome = { id: IntegrationId; ok: boolean; message: string };

/** Runs one integration's test; never throws: a failure is an outcome the page shows. */
export async function runIntegrationCheck(id: IntegrationId, env: Env): Promise<CheckOutcome> {
  const check = INTEGRATIONS.find((c) => c.id === id)!;
  if (!check.configured(env)) return { id, ok: false, message: `${check.name} is not configured.` };
  try {
    return { id, ok: true, message: await check.run(env) };
  } catch (error) {
    return { id, ok: false, message: error instanceof Error && error.message ? error.message : String(error) };
  }
}
