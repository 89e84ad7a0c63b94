import { hasFeature } from "./features.ts";
import { UNLIMITED, type TierRecord } from "./tier-definitions.ts";
import type { AccessLevel } from "./tiers.ts";
import { nounFor, plural } from "~/lib/wording.ts";

// ---- Usage counters (spec 01 §3 "Local usage record") ----------------------------------------------------------

export const COMPANY_VIEW = "company_view";
export const AI_TOKENS = "ai_tokens";
export const DATA_EXPORT = "data_export";
export const API_CALL = "api_call";

/** A usage counter name: company_view, ai_{kind} (ai_summary, …), ai_tokens, data_export or api_call. */
export type UsageAction = typeof COMPANY_VIEW | typeof DATA_EXPORT | typeof API_CALL | `ai_${string}`;

/** ai_{kind}: a lowercase kind, and at most 40 characters in all, as the usage_counters check constraint allows. */
const AI_ACTION = /^ai_[a-z][a-z0-9_]{0,36}$/;

export function isUsageAction(value: unknown): value is UsageAction {
  if (typeof value !== "string") return false;
  return value === COMPANY_VIEW || value === DATA_EXPORT || value === API_CALL || AI_ACTION.test(value);
}

/** ai_{kind} for a kind such as "summary"; throws on a kind that would not make a valid counter name. */
export function aiAction(kind: string): UsageAction {
  const action = `ai_${kind}`;
  if (!AI_ACTION.test(action)) throw new RangeError(`Invalid AI usage kind: ${JSON.stringify(kind)}`);
  return action as UsageAction;
}

// ---- Quota types and limits (spec 01 §6 "Quotas") ---------------------------------------------------------------

const QUOTA_TYPES = ["views", "AI requests", "exports", "API calls"] as const;
export type QuotaType = (typeof QUOTA_TYPES)[number];

/** One unit of each quota, for counts that must agree ("Only 1 view remaining"). */
const QUOTA_UNIT: Record<QuotaType, string> = { views: "view", "AI requests": "AI request", exports: "export", "API calls": "API call" };

/**
 * The quota an action counts against, by its name: containing "view" → views; "ai_" → AI requests; "export" →
 * exports; "api_" → API calls; anything else counts against no quota (null). An ai_{kind} counter is an AI
 * request whatever its kind, so a kind such as "review" is not taken for a view.
 */
export function quotaTypeOf(action: string): QuotaType | null {
  if (action.startsWith("ai_")) return "AI requests";
  if (action.includes("view")) return "views";
  if (action.includes("ai_")) return "AI requests";
  if (action.includes("export")) return "exports";
  if (action.includes("api_")) return "API calls";
  return null;
}

/** Spec 01 §9: "Unlimited sentinel -1 is treated as 999999". */
export const UNLIMITED_QUOTA = 999999;
export const EXPORT_LIMIT = 1000;
const API_CALL_LIMIT = 10000;

const FALLBACK_VIEWS: Record<AccessLevel, number> = { public: 10, subscriber: 500, premium: UNLIMITED_QUOTA };
const FALLBACK_AI_REQUESTS: Record<AccessLevel, number> = { public: 0, subscriber: 50, premium: 500 };

export interface QuotaLimits {
  views: number;
  aiRequests: number;
  exports: number;
  apiCalls: number;
}

/** -1 becomes the 999999 sentinel; anything else below 0 grants nothing. */
function monthlyLimit(value: number): number {
  if (value === UNLIMITED) return UNLIMITED_QUOTA;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * Monthly limits of a tier (spec 01 §6): from its record when there is one, else the fallback figures. Exports and
 * API calls follow the export and API-access permission either way.
 */
export function quotaLimits(tier: AccessLevel, record?: TierRecord | null): QuotaLimits {
  return {
    views: record ? monthlyLimit(record.maxCompanyViewsPerMonth) : FALLBACK_VIEWS[tier],
    // -1 for AI requests is read as unlimited too (§9's sentinel rule), or it would block every request.
    aiRequests: record ? monthlyLimit(record.aiRequestsPerMonth) : FALLBACK_AI_REQUESTS[tier],
    exports: hasFeature("export_data", tier, record) ? EXPORT_LIMIT : 0,
    apiCalls: hasFeature("api_access", tier, record) ? API_CALL_LIMIT : 0,
  };
}

const LIMIT_KEY: Record<QuotaType, keyof QuotaLimits> = {
  views: "views",
  "AI requests": "aiRequests",
  exports: "exports",
  "API calls": "apiCalls",
};

/**
 * The monthly limit an action counts against, or null when it counts against none. ai_tokens measures the
 * size of AI requests, which are already counted one by one as ai_{kind}: it is recorded but limits nothing
 * (by the name rule alone it would spend the AI-request quota in tokens).
 */
export function quotaLimitFor(action: string, tier: AccessLevel, record?: TierRecord | null): number | null {
  if (action === AI_TOKENS) return null;
  const type = quotaTypeOf(action);
  return type ? quotaLimits(tier, record)[LIMIT_KEY[type]] : null;
}

/** Units left this month; never below 0. */
export function quotaRemaining(limit: number, used: number): number {
  return Math.max(0, monthlyLimit(limit) - Math.max(0, used));
}

export interface QuotaSummary {
  type: QuotaType;
  used: number;
  limit: number;
  remaining: number;
  status: QuotaStatus;
}

/**
 * A month's counters (action -> count) as each quota's use against the tier's limits: what settings shows a member and
 * /admin/members an operator. A free member has no views row: they see what a visitor sees, which spends none
 * (decision 0080). ai_tokens measures AI requests and spends no quota.
 */
export function summarizeUsage(usage: Readonly<Record<string, number>>, tier: AccessLevel, record?: TierRecord | null): QuotaSummary[] {
  const limits = quotaLimits(tier, record);
  const used: Record<QuotaType, number> = { views: 0, "AI requests": 0, exports: 0, "API calls": 0 };
  for (const [action, count] of Object.entries(usage)) {
    const type = action === AI_TOKENS ? null : quotaTypeOf(action);
    if (type) used[type] += count;
  }
  return QUOTA_TYPES.filter((type) => type !== "views" || tier !== "public").map((type) => {
    const limit = limits[LIMIT_KEY[type]];
    const remaining = quotaRemaining(limit, used[type]);
    return { type, used: used[type], limit, remaining, status: quotaStatus(remaining, limit) };
  });
}

// ---- Quota status (spec 01 §4 "Quota status", §9 thresholds) ---------------------------------------------------

const CRITICAL_PERCENT = 10;
const WARNING_PERCENT = 25;

export type QuotaStatus = "unlimited" | "depleted" | "critical" | "warning" | "healthy";

/**
 * unlimited when the limit is -1 (or the 999999 it is turned into, which limits carry after quotaLimits);
 * depleted when nothing remains; critical below 10 % remaining; warning below 25 %; else healthy.
 */
export function quotaStatus(remaining: number, limit: number): QuotaStatus {
  if (limit === UNLIMITED || limit === UNLIMITED_QUOTA) return "unlimited";
  if (!(remaining > 0) || !(limit > 0)) return "depleted";
  const percent = (remaining / limit) * 100;
  if (percent < CRITICAL_PERCENT) return "critical";
  if (percent < WARNING_PERCENT) return "warning";
  return "healthy";
}

/** Quota-based gating allows use while remaining is above 0. */
export function quotaAllows(remaining: number): boolean {
  return remaining > 0;
}

/** Usage tracking refuses when the user is not signed in or the relevant quota has no remaining units (§5). */
export function canRecordUsage({ signedIn, remaining }: { signedIn: boolean; remaining: number }): boolean {
  return signedIn === true && quotaAllows(remaining);
}

/** Usage is kept per user per calendar month, in UTC so a counter does not depend on the server's zone. */
/** When the current usage month ends (UTC), for Retry-After and "resets on" texts. */
export function startOfNextMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export function usageMonthKey(date: Date): { year: number; month: number } {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date for a usage month");
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

// ---- Quota texts (spec 01 §4 indicator, §8 quota messages) ------------------------------------------------------

export const QUOTA_EXCEEDED = "Quota Exceeded";

export function quotaLimitReachedMessage(type: QuotaType): string {
  return `You've reached your monthly ${type} limit. Upgrade to continue.`;
}

/**
 * "{type} quota depleted. ...": the specification elides what follows, so the caller supplies it (an upgrade
 * hint, say). The type opens the sentence, so its first letter is capitalised ("Views quota depleted.").
 */
export function quotaDepletedMessage(type: QuotaType, continuation?: string): string {
  const head = `${type.charAt(0).toUpperCase()}${type.slice(1)} quota depleted.`;
  const rest = continuation?.trim();
  return rest ? `${head} ${rest}` : head;
}

/** "Only {n} {type} remaining" (spec 01 §8), the noun agreeing with the count: "Only 1 view remaining". */
export function quotaLowMessage(remaining: number, type: QuotaType): string {
  return `Only ${plural(remaining, QUOTA_UNIT[type])} remaining`;
}

/** The indicator's text beside its progress bar: "remaining/limit type", e.g. "7/10 views"; -1 shows as 999999. */
export function quotaIndicatorText(remaining: number, limit: number, type: QuotaType): string {
  const max = monthlyLimit(limit);
  return `${remaining}/${max} ${nounFor(max, QUOTA_UNIT[type])}`;
}

export function quotaTooltip(remaining: number, type: QuotaType): string {
  return `${plural(remaining, QUOTA_UNIT[type])} remaining this month`;
}
