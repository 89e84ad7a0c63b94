/**
 * The debugger's two forms (spec 02 §2, §5): the service set-up (key, base URL, debug mode) and the run settings
 * (the provider query checked by the importer's own ProviderQuery, plus the confirmation switch). Pure, so the
 * page and the server read the same rules.
 */
import { z } from "zod";
import type { FormResult } from "~/lib/form-parse.ts";
import type { ProviderEndpoint } from "~/features/imports/provider/map-provider-record.ts";
import { ProviderQuery } from "~/features/imports/provider/provider-query.ts";
import type { RunSettings } from "./debugger-state.ts";

/** Spec 02 §5, word for word. */
export const KEY_ALERT = "Please enter your LeadsOnTrees API Key";

/** Initialize checks the key with the provider first (issue 15 §8): what the page says when that fails. */
export const KEY_REFUSED_FIELD = "LeadsOnTrees refused this key. Check it and enter it again.";
export const keyRefused = (providerMessage: string) =>
  `The provider refused this key (${providerMessage}). Nothing was changed: the service keeps its earlier state.`;
export const keyUnchecked = (providerMessage: string) =>
  `The key could not be checked with the provider (${providerMessage}). Nothing was changed; try again in a moment.`;

export const QUERY_FIELDS = [
  "category",
  "country",
  "round",
  "page",
  "maxResults",
  "maxJobs",
  "dateFrom",
  "dateTo",
  "website",
  "linkedinUrl",
] as const;
export type QueryField = (typeof QUERY_FIELDS)[number];
export type SettingsField = QueryField | "endpoint";

export const ENDPOINTS: readonly ProviderEndpoint[] = ["funding", "m-a"];

/** A checkbox sends "on" when ticked and nothing when not. */
const ticked = (value: FormDataEntryValue | null | undefined) => value === "on" || value === "true";

const BaseUrl = z
  .string()
  .trim()
  .refine(
    (v) => {
      try {
        return /^https?:$/.test(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: "Base URL must be an http:// or https:// address" },
  )
  .transform((v) => v.replace(/\/+$/, ""));

export type InitializeParse =
  | { ok: true; apiKey: string; baseUrl: string; debugMode: boolean }
  | { ok: false; message?: string; errors: { baseUrl?: string }; values: { baseUrl: string; debugMode: boolean } };

/** The key is never echoed back, not even on an error: the values kept for the form are the base URL and the switch. */
export function parseInitialize(form: FormData): InitializeParse {
  const apiKey = String(form.get("apiKey") ?? "").trim();
  const rawBase = String(form.get("baseUrl") ?? "");
  const debugMode = ticked(form.get("debugMode"));
  const base = BaseUrl.safeParse(rawBase);
  const values = { baseUrl: rawBase, debugMode };
  if (!apiKey) return { ok: false, message: KEY_ALERT, errors: base.success ? {} : { baseUrl: base.error.issues[0]!.message }, values };
  if (!base.success) return { ok: false, errors: { baseUrl: base.error.issues[0]!.message }, values };
  return { ok: true, apiKey, baseUrl: base.data, debugMode };
}

export type SettingsParse =
  { ok: true; settings: RunSettings } | { ok: false; errors: Partial<Record<SettingsField, string>>; values: Record<string, string> };

export function parseSettings(form: FormData): SettingsParse {
  const values: Record<string, string> = Object.fromEntries(QUERY_FIELDS.map((f) => [f, String(form.get(f) ?? "").slice(0, 2000)]));
  const endpoint = String(form.get("endpoint") ?? "funding");
  values.endpoint = endpoint;
  const manualConfirmation = ticked(form.get("manualConfirmation"));
  const errors: Partial<Record<SettingsField, string>> = {};
  if (!ENDPOINTS.includes(endpoint as ProviderEndpoint)) errors.endpoint = "Endpoint must be funding or m-a";
  const query = ProviderQuery.safeParse(Object.fromEntries(QUERY_FIELDS.map((f) => [f, values[f]])));
  if (!query.success) {
    for (const issue of query.error.issues) errors[String(issue.path[0]) as QueryField] ??= issue.message;
  }
  if (!query.success || errors.endpoint) return { ok: false, errors, values };
  return { ok: true, settings: { endpoint: endpoint as ProviderEndpoint, query: query.data, manualConfirmation, values } };
}

/** The settings a new session starts with: the funding endpoint and ProviderQuery's own defaults. */
export function defaultSettings(): RunSettings {
  return {
    endpoint: "funding",
    query: ProviderQuery.parse({}),
    manualConfirmation: false,
    values: { endpoint: "funding", page: "1", maxResults: "20", maxJobs: "1" },
  };
}

/** The page's form intents (debugger-actions.server.ts), and what the action answers. */
export const INTENTS = ["initialize", "forget-key", "save-settings", "run-step", "confirm-push", "run-workflow", "clear-logs"] as const;
export type Intent = (typeof INTENTS)[number];

/**
 * The form result (decision 0045): `intent` names the form that answered (none for an unknown one); a refusal's
 * `message` is the form-level alert (e.g. spec 02 §5's empty-key alert); `values` are what was typed, never the key.
 */
export type ActionResult = FormResult<SettingsField | "baseUrl" | "apiKey", undefined, Record<string, string | boolean>> & {
  intent?: Intent;
};
