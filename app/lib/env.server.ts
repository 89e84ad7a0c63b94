import { z } from "zod";
import { checkDkimKey, dkimAligned, fromDomain } from "./dkim-settings.server.ts";
import { normaliseOrigin } from "./parse-origin.ts";
import { AppError } from "./errors.ts";
import { tracingSettingProblems } from "./tracing-settings.ts";

/**
 * Every setting the server reads, validated once at start. Each has an offline default so that
 * `npm install && npm start` works with no account, key or server.
 */
function flag(fallback: boolean) {
  return z
    .enum(["true", "false", "1", "0", "on", "off"])
    .optional()
    .transform((v) => (v === undefined ? fallback : ["true", "1", "on"].includes(v)));
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address visitors use (scheme, host, port). Every absolute URL the site writes (canonical, Open Graph, the
   * sitemap, robots.txt, JSON-LD, e-mail links, OAuth redirects) is made from it, never from a request's Host header
   * (decision 0072). Unset: http://localhost:PORT.
   */
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      try {
        return normaliseOrigin(v);
      } catch {
        // Not the value itself: it may carry a password.
        ctx.addIssue({
          code: "custom",
          message: "PUBLIC_URL must be the address visitors use, such as https://introbase.example (scheme, host and port only)",
        });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A PostgreSQL connection string. Unset: the embedded PGlite database in PGLITE_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  /**
   * A streaming replica of DATABASE_URL for directory and profile reads (decision 0053); only with DATABASE_URL.
   * Unset: every read goes to DATABASE_URL (or the embedded database).
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_READ_URL must start with postgres:// or postgresql://")
    .optional(),
  PGLITE_DIR: z.string().min(1).default("./data/pglite"),
  /** Where `npm run db:backup` writes its files (decision 0106). */
  BACKUP_DIR: z.string().trim().min(1, "BACKUP_DIR must name a directory").default("./data/backups"),
  /**
   * Where each process keeps a snapshot of the directory index, to start from instead of reading every listing
   * (decision 0100). Unset: `directory-snapshots` beside PGLITE_DIR's directory; "off" writes and reads none.
   */
  DIRECTORY_SNAPSHOT_DIR: z.string().trim().optional(),
  /** How many demo listings fill an empty database on first start (0 disables seeding). */
  SEED_LISTINGS: z.coerce.number().int().min(0).max(1_000_000).default(600),

  /** Signs session cookies and CSRF tokens. Unset: a random secret kept in AUTH_SECRET_FILE. */
  BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
  AUTH_SECRET_FILE: z.string().min(1).default("./data/auth-secret"),
  /** Comma-separated e-mail addresses that are admins whenever they sign in. */
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Real OpenID Connect clients. A provider without both values signs in against the local demo provider. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * After SIGTERM or SIGINT, how long the requests in flight and the running job get to finish before their
   * connections are closed and the job is handed back (decision 0052). Below the orchestrator's own limit (30 s).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Traces (decision 0105): the standard OpenTelemetry settings this server reads, checked in tracing-settings.ts. */
  OTEL_SDK_DISABLED: z.string().optional(),
  OTEL_TRACES_EXPORTER: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.string().optional(),
  OTEL_TRACES_SAMPLER: z.string().optional(),
  OTEL_TRACES_SAMPLER_ARG: z.string().optional(),
  /** How many proxies in front of us to trust for the client address (X-Forwarded-For); 0 means none. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Sign-in attempts allowed per client address per minute (provider redirects, password sign-in, sign-up). */
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** JSON API calls allowed per API key per minute, on top of the tier's monthly "API calls" quota (decision 0061). */
  API_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * The local demo identity provider (sign in as a demo user, admin included) for providers without
   * credentials. auto: only when PUBLIC_URL is this machine (localhost, 127.0.0.1), never on a public address.
   */
  DEMO_SIGN_IN: z.enum(["auto", "true", "false"]).default("auto"),
  /** Outgoing mail: smtp://user:pass@host:587 or smtps://…; unset, e-mails are kept in the outbox table only. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  /** The From address; unset, no-reply@ the PUBLIC_URL host. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * DKIM signing of every message (decision 0074), all three or none: the signing domain (the d= tag; the From
   * address's domain or a parent of it), the selector (s=; the public key is published at
   * <selector>._domainkey.<domain>) and the RSA private key in PEM, its line breaks written as \n if need be.
   */
  DKIM_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i,
      "DKIM_DOMAIN must be a domain name, e.g. example.com",
    )
    .transform((v) => v.toLowerCase())
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i,
      "DKIM_SELECTOR must be a DNS label such as mail2031",
    )
    .optional(),
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((v, ctx) => {
      const checked = checkDkimKey(v);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message });
      return checked.ok ? checked.pem : v;
    })
    .optional(),
  /** An external pilot application form to embed (spec 01 §2); unset, the dialog shows our own form. */
  PILOT_FORM_URL: z.url({ protocol: /^https$/, error: "PILOT_FORM_URL must be an https:// URL" }).optional(),
  /** Spec 01 §6: admin features and debug routes are switched on by configuration; off, their routes are 404. */
  ADMIN_FEATURES: flag(true),
  DEBUG_ROUTES: flag(true),
  /**
   * demo: choosing a plan grants the tier at once, and every price says no payment is taken; request: the choice is
   * recorded only; stripe: members pay through Stripe Checkout and the tier follows the subscription (decision 0079).
   */
  BILLING_MODE: z.enum(["demo", "request", "stripe"], "BILLING_MODE must be demo, request or stripe").default("demo"),
  /** Stripe's secret API key (sk_test_… or sk_live_…, or a restricted rk_…); needed with BILLING_MODE=stripe. Never logged. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)")
    .optional(),
  /** The signing secret of the webhook endpoint (whsec_…), from the dashboard or `stripe listen`. Never logged. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_]+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)")
    .optional(),
  /** Where Stripe's API is: its own by default; the local fake (`npm run fake:payments`) for tests and offline work. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: "STRIPE_API_URL must be an http:// or https:// URL" })
    .default("https://api.stripe.com")
    .transform((v) => v.replace(/\/+$/, "")),
  /**
   * A spreadsheet base to import from (DESIGN D4), read through an Airtable-style API: its metadata and records.
   * Unset key or base: no base is configured, and the schema diagnostics say how to configure one.
   */
  SPREADSHEET_API_URL: z
    .url({ protocol: /^https?$/, error: "SPREADSHEET_API_URL must be an http:// or https:// URL" })
    .default("https://api.airtable.com")
    .transform((v) => v.replace(/\/+$/, "")),
  SPREADSHEET_API_KEY: z.string().min(1).optional(),
  SPREADSHEET_BASE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "SPREADSHEET_BASE_ID may hold only letters, digits, _ and -")
    .optional(),
  /**
   * The lead-data provider, LeadsOnTrees (spec 02 §7): its API and key (sent only in its key header, never shown or
   * logged). Unset key: imports from the provider say "API key is required". `npm run fake:provider` serves a fake.
   */
  PROVIDER_API_URL: z
    .url({ protocol: /^https?$/, error: "PROVIDER_API_URL must be an http:// or https:// URL" })
    .default("https://leadsontrees.com/api/v1")
    .transform((v) => v.replace(/\/+$/, "")),
  PROVIDER_API_KEY: z.string().min(1).optional(),
  /**
   * An OpenAI-compatible chat-completions endpoint for "Generate with AI" and "AI summary" (decision 0065): its base
   * url (POST {AI_API_URL}/chat/completions), key (sent only as a Bearer token, never shown or logged; a local model
   * server may need none) and model. Unset url: the spec's template and no AI summary. `npm run fake:ai` serves a fake.
   */
  AI_API_URL: z
    .url({ protocol: /^https?$/, error: "AI_API_URL must be an http:// or https:// URL" })
    .optional()
    .transform((v) => v?.replace(/\/+$/, "")),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  /** How long one AI call may take, the answer's body included, before the member is told the service did not answer. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * The job lease: a running job whose server stopped beating for this long (killed, crashed, cut off) is resumed by
   * another server's worker (lib/job-queue.server.ts). Shorter resumes sooner; the heartbeat runs six times per lease.
   */
  JOB_STALE_AFTER_MS: z.coerce.number().int().min(2_000).max(3_600_000).default(30_000),
  /** Days after an operator's approval before a recipient who has not answered gets the one reminder (decision 0094). */
  INTRO_REMINDER_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(5),
  /** Days after approval before an unanswered introduction request expires and its requester is told; the answer links live as long. */
  INTRO_EXPIRE_AFTER_DAYS: z.coerce.number().int().min(2).max(365).default(14),
  /** How long one provider call may take before it is abandoned (and retried). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** The commit this release was built from, shown on /admin/system (decision 0107); unset: read from .git if present. */
  GIT_COMMIT: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{7,40}$/i, "GIT_COMMIT must be a git commit hash (7 to 40 hexadecimal digits)")
    .optional(),
  /** The Prometheus scrape's credential on the main port (decision 0104): unset, /metrics there is a 404. */
  METRICS_TOKEN: z.string().trim().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** A port of its own for /metrics, bound to HOST, no token asked (decision 0104). Unset: none. */
  METRICS_PORT: z.coerce
    .number({ message: "METRICS_PORT must be a port number (1-65535)" })
    .int("METRICS_PORT must be a port number (1-65535)")
    .min(1, "METRICS_PORT must be a port number (1-65535)")
    .max(65535, "METRICS_PORT must be a port number (1-65535)")
    .optional(),
  /**
   * Origins the server may fetch from although they are on loopback or a private network (DESIGN D16, decision 0033):
   * local fakes and offline development, e.g. "http://127.0.0.1:4010,http://127.0.0.1:4020". Every other outbound
   * request must reach a public address. Unset: none.
   */
  OUTBOUND_ALLOWED_PRIVATE_ORIGINS: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const entry of v.split(/[\s,]+/).filter(Boolean)) {
        try {
          origins.push(normaliseOrigin(entry));
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      }
      return origins;
    }),
});

export type Env = z.infer<typeof EnvSchema>;

/** Rules between settings, checked once each is valid on its own. */
const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  for (const [setting, message] of tracingSettingProblems(env)) ctx.addIssue({ code: "custom", path: [setting], message });
  // A replica copies a primary: with the embedded database there is nothing for it to be a copy of.
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_READ_URL"],
      message: "DATABASE_READ_URL needs DATABASE_URL: it names a replica of that PostgreSQL server",
    });
  }
  // Half a DKIM setup would send unsigned mail while the operator believes it signed.
  const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    const missing = (["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const).filter((key) => !env[key]);
    ctx.addIssue({
      code: "custom",
      path: [missing[0]!],
      message: `DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together (${missing.join(" and ")} unset)`,
    });
  }
  // A signature of another domain than the From address's passes DKIM but not DMARC: receivers treat it as none.
  if (env.DKIM_DOMAIN) {
    const from = fromDomain(env.MAIL_FROM ?? `no-reply@${URL.parse(publicUrl(env))?.hostname ?? ""}`);
    if (!dkimAligned(env.DKIM_DOMAIN, from)) {
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_DOMAIN"],
        message: `DKIM_DOMAIN ${env.DKIM_DOMAIN} does not match the From address's domain ${from ?? "(none)"} (MAIL_FROM, or the PUBLIC_URL host): mail signed for another domain fails DMARC`,
      });
    }
  }
  // Stripe billing without its keys would fail at the first checkout or refuse every webhook.
  if (env.BILLING_MODE === "stripe") {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!env[key])
        ctx.addIssue({ code: "custom", path: [key], message: `BILLING_MODE=stripe needs ${key} (see the README's payments section)` });
    }
  }
  // A reminder on or after the expiry would never be sent: the request has expired by then.
  if (env.INTRO_REMINDER_AFTER_DAYS >= env.INTRO_EXPIRE_AFTER_DAYS) {
    ctx.addIssue({
      code: "custom",
      path: ["INTRO_REMINDER_AFTER_DAYS"],
      message: `INTRO_REMINDER_AFTER_DAYS (${env.INTRO_REMINDER_AFTER_DAYS}) must be less than INTRO_EXPIRE_AFTER_DAYS (${env.INTRO_EXPIRE_AFTER_DAYS}): the reminder comes before the request expires`,
    });
  }
  // Every chat-completions request names its model: a url without one would fail on the first click.
  if (env.AI_API_URL && !env.AI_MODEL) {
    ctx.addIssue({ code: "custom", path: ["AI_MODEL"], message: "AI_MODEL is needed with AI_API_URL: the model each request names" });
  }
});

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]));
  const result = CheckedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    // A setting error (startup-failure.ts): the server prints this one line and exits.
    throw new AppError("internal", `Invalid environment: ${problems}`, { details: { setting: result.error.issues[0]!.path.join(".") } });
  }
  return result.data;
}

/** The origin browsers use to reach us; OAuth redirects and the origin check depend on it being exact. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
