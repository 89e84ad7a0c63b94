import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv, publicUrl } from "./env.server.ts";

describe("parseEnv", () => {
  it("has an offline default for everything", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "development",
      HOST: "0.0.0.0",
      PORT: 3000,
      LOG_LEVEL: "info",
      PGLITE_DIR: "./data/pglite",
      BACKUP_DIR: "./data/backups",
      SEED_LISTINGS: 600,
      AUTH_SECRET_FILE: "./data/auth-secret",
      ADMIN_EMAILS: [],
      ADMIN_FEATURES: true,
      DEBUG_ROUTES: true,
      BILLING_MODE: "demo",
      STRIPE_API_URL: "https://api.stripe.com",
      SIGN_IN_ATTEMPTS_PER_MINUTE: 20,
      API_CALLS_PER_MINUTE: 60,
      TRUST_PROXY_HOPS: 0,
      SHUTDOWN_TIMEOUT_MS: 25_000,
      DEMO_SIGN_IN: "auto",
      SPREADSHEET_API_URL: "https://api.airtable.com",
      PROVIDER_API_URL: "https://leadsontrees.com/api/v1",
      PROVIDER_TIMEOUT_MS: 15_000,
      AI_TIMEOUT_MS: 20_000,
      JOB_STALE_AFTER_MS: 30_000,
      INTRO_REMINDER_AFTER_DAYS: 5,
      INTRO_EXPIRE_AFTER_DAYS: 14,
      OUTBOUND_ALLOWED_PRIVATE_ORIGINS: [],
    });
  });

  it("reads the introduction reminder and expiry days, and needs the reminder before the expiry (decision 0094)", () => {
    expect(parseEnv({ INTRO_REMINDER_AFTER_DAYS: "2", INTRO_EXPIRE_AFTER_DAYS: "7" })).toMatchObject({
      INTRO_REMINDER_AFTER_DAYS: 2,
      INTRO_EXPIRE_AFTER_DAYS: 7,
    });
    expect(() => parseEnv({ INTRO_REMINDER_AFTER_DAYS: "14" })).toThrow(
      /^Invalid environment: INTRO_REMINDER_AFTER_DAYS: INTRO_REMINDER_AFTER_DAYS \(14\) must be less than INTRO_EXPIRE_AFTER_DAYS \(14\)/,
    );
    for (const value of ["0", "1.5", "soon"])
      expect(() => parseEnv({ INTRO_REMINDER_AFTER_DAYS: value })).toThrow(/^Invalid environment: INTRO_REMINDER_AFTER_DAYS: /);
  });

  it("reads SHUTDOWN_TIMEOUT_MS, and names it when it is not a number of milliseconds up to 10 minutes", () => {
    expect(parseEnv({ SHUTDOWN_TIMEOUT_MS: "0" }).SHUTDOWN_TIMEOUT_MS).toBe(0);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_MS: "40000" }).SHUTDOWN_TIMEOUT_MS).toBe(40_000);
    for (const value of ["soon", "-1", "1.5", "600001"])
      expect(() => parseEnv({ SHUTDOWN_TIMEOUT_MS: value })).toThrow(/^Invalid environment: SHUTDOWN_TIMEOUT_MS: /);
  });

  it("reads METRICS_TOKEN and METRICS_PORT, naming either when it is unusable without echoing the token (decision 0104)", () => {
    expect([parseEnv({}).METRICS_TOKEN, parseEnv({}).METRICS_PORT]).toEqual([undefined, undefined]);
    expect(parseEnv({ METRICS_TOKEN: "a-long-enough-token", METRICS_PORT: "9464" })).toMatchObject({
      METRICS_TOKEN: "a-long-enough-token",
      METRICS_PORT: 9464,
    });
    const refused = (() => {
      try {
        parseEnv({ METRICS_TOKEN: "short-token" });
      } catch (error) {
        return String(error);
      }
    })();
    expect(refused).toMatch(/Invalid environment: METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/);
    expect(refused).not.toContain("short-token");
    for (const port of ["0", "65536", "metrics", "9464.5"])
      expect(() => parseEnv({ METRICS_PORT: port })).toThrow(
        /^Invalid environment: METRICS_PORT: METRICS_PORT must be a port number \(1-65535\)$/,
      );
  });

  it("reads the AI provider settings, needs a model with a url, and never echoes the key", () => {
    const env = parseEnv({ AI_API_URL: "http://127.0.0.1:4030/v1/", AI_API_KEY: "sk-secret", AI_MODEL: "small", AI_TIMEOUT_MS: "5000" });
    expect(env).toMatchObject({ AI_API_URL: "http://127.0.0.1:4030/v1", AI_API_KEY: "sk-secret", AI_MODEL: "small", AI_TIMEOUT_MS: 5000 });
    expect(parseEnv({}).AI_API_URL).toBeUndefined();
    expect(() => parseEnv({ AI_API_URL: "https://api.example.com/v1", AI_API_KEY: "sk-secret" })).toThrow(/AI_MODEL: AI_MODEL is needed/);
    expect(() => parseEnv({ AI_API_URL: "file:///etc/passwd", AI_MODEL: "m", AI_API_KEY: "sk-secret" })).toThrow(
      /AI_API_URL must be an http/,
    );
    const refused = (() => {
      try {
        parseEnv({ AI_API_URL: "https://api.example.com/v1", AI_API_KEY: "sk-secret", AI_TIMEOUT_MS: "never" });
      } catch (error) {
        return String(error);
      }
    })();
    expect(refused).toMatch(/AI_TIMEOUT_MS/);
    expect(refused).not.toContain("sk-secret");
  });

  it("reads the Stripe settings, needs both keys in stripe billing, and names the setting in one line without echoing a key", () => {
    const stripe = { BILLING_MODE: "stripe", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_xyz789" };
    expect(parseEnv({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:4040/" })).toMatchObject({
      ...stripe,
      STRIPE_API_URL: "http://127.0.0.1:4040",
    });
    expect(() => parseEnv({ BILLING_MODE: "stripe", STRIPE_WEBHOOK_SECRET: "whsec_xyz789" })).toThrow(
      /^Invalid environment: STRIPE_SECRET_KEY: BILLING_MODE=stripe needs STRIPE_SECRET_KEY \(see the README's payments section\)$/,
    );
    expect(() => parseEnv({ BILLING_MODE: "stripe", STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /^Invalid environment: STRIPE_WEBHOOK_SECRET: /,
    );
    expect(() => parseEnv({ BILLING_MODE: "paypal" })).toThrow(
      /^Invalid environment: BILLING_MODE: BILLING_MODE must be demo, request or stripe$/,
    );
    expect(() => parseEnv({ STRIPE_API_URL: "ftp://stripe.example" })).toThrow(/^Invalid environment: STRIPE_API_URL: /);
    const refused = (() => {
      try {
        parseEnv({ ...stripe, STRIPE_SECRET_KEY: "pk_live_publishable9" });
      } catch (error) {
        return String(error);
      }
    })();
    expect(refused).toMatch(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(refused).not.toContain("pk_live_publishable9");
  });

  it("reads the lead-data provider settings, without echoing the key in an error", () => {
    const env = parseEnv({ PROVIDER_API_URL: "http://127.0.0.1:4020/", PROVIDER_API_KEY: "lot_secret", PROVIDER_TIMEOUT_MS: "2500" });
    expect(env).toMatchObject({ PROVIDER_API_URL: "http://127.0.0.1:4020", PROVIDER_API_KEY: "lot_secret", PROVIDER_TIMEOUT_MS: 2500 });
    expect(() => parseEnv({ PROVIDER_API_URL: "ftp://example.com" })).toThrow(/PROVIDER_API_URL must be an http/);
    expect(() => parseEnv({ PROVIDER_TIMEOUT_MS: "50" })).toThrow(/^Invalid environment: PROVIDER_TIMEOUT_MS: /);
    expect(() => parseEnv({ JOB_STALE_AFTER_MS: "500" })).toThrow(/^Invalid environment: JOB_STALE_AFTER_MS: /);
    let message = "";
    try {
      parseEnv({ PROVIDER_API_KEY: "lot_secret", PROVIDER_TIMEOUT_MS: "soon" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PROVIDER_TIMEOUT_MS/);
    expect(message).not.toContain("lot_secret");
  });

  it("reads the spreadsheet base settings, rejecting a base id that could change the request path", () => {
    const env = parseEnv({
      SPREADSHEET_API_URL: "http://127.0.0.1:4010/",
      SPREADSHEET_API_KEY: "patX.secret",
      SPREADSHEET_BASE_ID: "appDemo01",
    });
    expect(env).toMatchObject({
      SPREADSHEET_API_URL: "http://127.0.0.1:4010",
      SPREADSHEET_API_KEY: "patX.secret",
      SPREADSHEET_BASE_ID: "appDemo01",
    });
    expect(() => parseEnv({ SPREADSHEET_BASE_ID: "app/../meta" })).toThrow(/SPREADSHEET_BASE_ID: SPREADSHEET_BASE_ID may hold only/);
    expect(() => parseEnv({ SPREADSHEET_API_URL: "ftp://example.com" })).toThrow(/SPREADSHEET_API_URL must be an http/);
    let message = "";
    try {
      parseEnv({ SPREADSHEET_API_KEY: "patX.secret", SPREADSHEET_BASE_ID: "bad base" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SPREADSHEET_BASE_ID/);
    expect(message).not.toContain("patX.secret");
  });

  it("reads the admin list, switches and the public URL", () => {
    const env = parseEnv({ ADMIN_EMAILS: " Ada@Example.com, ,ops@example.com ", ADMIN_FEATURES: "off", DEBUG_ROUTES: "0", PORT: "4000" });
    expect(env.ADMIN_EMAILS).toEqual(["ada@example.com", "ops@example.com"]);
    expect(env.ADMIN_FEATURES).toBe(false);
    expect(env.DEBUG_ROUTES).toBe(false);
    expect(publicUrl(env)).toBe("http://localhost:4000");
    expect(publicUrl(parseEnv({ PUBLIC_URL: "https://introbase.example/" }))).toBe("https://introbase.example");
    expect(() => parseEnv({ ADMIN_FEATURES: "maybe" })).toThrow(/ADMIN_FEATURES/);
    expect(() => parseEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/at least 32 characters/);
  });

  it("takes PUBLIC_URL only as an http(s) origin, and says so in one line naming it (issue 29 finding 7)", () => {
    expect(publicUrl(parseEnv({ PUBLIC_URL: "HTTPS://Introbase.Example:8443" }))).toBe("https://introbase.example:8443");
    for (const bad of ["https://introbase.example/app", "ftp://introbase.example", "https://introbase.example/?a=1", "introbase.example"])
      expect(() => parseEnv({ PUBLIC_URL: bad }), bad).toThrow(
        /^Invalid environment: PUBLIC_URL: PUBLIC_URL must be the address visitors use, such as https:\/\/introbase\.example \(scheme, host and port only\)$/,
      );
    // A user name or password in it is refused without being repeated.
    expect(() => parseEnv({ PUBLIC_URL: "https://ops:hunter2@introbase.example" })).toThrow(/^(?!.*hunter2).*PUBLIC_URL: /);
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "", PGLITE_DIR: "", SEED_LISTINGS: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe("./data/pglite");
    expect(env.SEED_LISTINGS).toBe(600);
  });

  it("reads and converts the values it is given, and ignores unknown variables", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "postgresql://app@db.internal:5432/introbase",
      SEED_LISTINGS: "0",
      PUBLIC_URL: "https://introbase.example",
      PATH: "/usr/bin",
    });
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 8080,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_LISTINGS: 0,
      PUBLIC_URL: "https://introbase.example",
    });
    expect(env.DATABASE_URL).toBe("postgresql://app@db.internal:5432/introbase");
    expect(parseEnv({ DATABASE_URL: "postgres://localhost/x" }).DATABASE_URL).toBe("postgres://localhost/x");
    expect(env).not.toHaveProperty("PATH");
  });

  it.each(["http", "-1", "65536", "80.5", "1e9"])("rejects PORT=%s, naming the variable", (port) => {
    expect(() => parseEnv({ PORT: port })).toThrow(/^Invalid environment: PORT: /);
  });

  it("rejects a DATABASE_URL that is not PostgreSQL with a clear message, without echoing it", () => {
    let message = "";
    try {
      parseEnv({ DATABASE_URL: "mysql://root:hunter2@db/introbase" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("Invalid environment: DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://");
    expect(message).not.toContain("hunter2");
  });

  it("takes DATABASE_READ_URL only beside DATABASE_URL, and only PostgreSQL", () => {
    const primary = "postgres://app@primary.internal/introbase";
    const replica = "postgres://app@replica.internal/introbase";
    expect(parseEnv({ DATABASE_URL: primary, DATABASE_READ_URL: replica })).toMatchObject({
      DATABASE_URL: primary,
      DATABASE_READ_URL: replica,
    });
    expect(parseEnv({ DATABASE_URL: primary, DATABASE_READ_URL: "" }).DATABASE_READ_URL).toBeUndefined();
    expect(() => parseEnv({ DATABASE_READ_URL: replica })).toThrow(
      "Invalid environment: DATABASE_READ_URL: DATABASE_READ_URL needs DATABASE_URL: it names a replica of that PostgreSQL server",
    );
    expect(() => parseEnv({ DATABASE_URL: primary, DATABASE_READ_URL: "mysql://root:hunter2@replica/x" })).toThrow(
      /^Invalid environment: DATABASE_READ_URL: DATABASE_READ_URL must start with postgres:\/\/ or postgresql:\/\/$/,
    );
  });

  it("lists every problem at once", () => {
    expect(() => parseEnv({ NODE_ENV: "staging", LOG_LEVEL: "loud", SEED_LISTINGS: "-5" })).toThrow(
      /NODE_ENV: .*; LOG_LEVEL: .*; SEED_LISTINGS: /,
    );
  });
});

describe("the DKIM settings", () => {
  const pem = (key: { export: (o: { type: "pkcs8"; format: "pem" }) => string | Buffer }) =>
    key.export({ type: "pkcs8", format: "pem" }).toString();
  const rsa = pem(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey);
  const dkim = {
    PUBLIC_URL: "https://introbase.example",
    DKIM_DOMAIN: "Introbase.example",
    DKIM_SELECTOR: "mail2031",
    DKIM_PRIVATE_KEY: rsa,
  };
  /** The one line the server prints when it refuses to start. */
  const refusal = (source: Record<string, string>) => {
    try {
      parseEnv(source);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("parseEnv accepted it");
  };

  it("takes a domain, a selector and an RSA key, the key also on one line with \\n", () => {
    expect(parseEnv(dkim)).toMatchObject({ DKIM_DOMAIN: "introbase.example", DKIM_SELECTOR: "mail2031", DKIM_PRIVATE_KEY: rsa });
    expect(parseEnv({ ...dkim, DKIM_PRIVATE_KEY: rsa.trim().replaceAll("\n", "\\n") }).DKIM_PRIVATE_KEY).toBe(rsa);
    expect(parseEnv({}).DKIM_DOMAIN).toBeUndefined();
  });

  it("needs all three together", () => {
    expect(refusal({ ...dkim, DKIM_SELECTOR: "" })).toBe(
      "Invalid environment: DKIM_SELECTOR: DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together (DKIM_SELECTOR unset)",
    );
    expect(refusal({ DKIM_DOMAIN: "introbase.example" })).toMatch(/DKIM_SELECTOR and DKIM_PRIVATE_KEY unset/);
  });

  it("refuses a key that cannot sign rsa-sha256, in one line that never quotes the key", () => {
    const ec = pem(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey);
    const small = pem(generateKeyPairSync("rsa", { modulusLength: 512 }).privateKey);
    const damaged = rsa.replace(/\n[A-Za-z0-9+/]{20}/, "\nAAAAAAAAAAAAAAAAAAAA");
    const cases: Array<[string, RegExp]> = [
      ["not a key", /DKIM_PRIVATE_KEY: DKIM_PRIVATE_KEY must be an unencrypted RSA private key in PEM/],
      [ec, /DKIM_PRIVATE_KEY must be an RSA key/],
      [small, /DKIM_PRIVATE_KEY has 512 bits; DKIM needs at least 1024/],
      [damaged, /DKIM_PRIVATE_KEY could not be read as a private key/],
    ];
    for (const [key, message] of cases) {
      const line = refusal({ ...dkim, DKIM_PRIVATE_KEY: key });
      expect(line).toMatch(message);
      expect(line).not.toContain("\n");
      expect(line).not.toContain(key.split("\n")[1] ?? key);
    }
  });

  it("refuses a domain or selector that is not a DNS name", () => {
    expect(refusal({ ...dkim, DKIM_DOMAIN: "https://introbase.example" })).toMatch(/DKIM_DOMAIN must be a domain name/);
    expect(refusal({ ...dkim, DKIM_SELECTOR: "mail;x=1" })).toMatch(/DKIM_SELECTOR must be a DNS label/);
  });

  it("signs only for the From address's domain or a parent of it (DMARC alignment)", () => {
    expect(parseEnv({ ...dkim, MAIL_FROM: "Introbase <news@mail.introbase.example>" }).DKIM_DOMAIN).toBe("introbase.example");
    expect(parseEnv({ ...dkim, PUBLIC_URL: "https://app.introbase.example" }).DKIM_DOMAIN).toBe("introbase.example");
    expect(refusal({ ...dkim, MAIL_FROM: "Introbase <news@other.example>" })).toBe(
      "Invalid environment: DKIM_DOMAIN: DKIM_DOMAIN introbase.example does not match the From address's domain other.example (MAIL_FROM, or the PUBLIC_URL host): mail signed for another domain fails DMARC",
    );
    expect(refusal({ ...dkim, PUBLIC_URL: "http://localhost:3000" })).toMatch(/does not match the From address's domain localhost/);
  });
});
