/**
 * A server or script that cannot start says why in one line naming the setting to fix, on stderr, and exits with
 * status 1: `Introbase cannot start: DATABASE_URL: connection refused at 127.0.0.1:5999 (is PostgreSQL running?)`.
 * A stack trace helps nobody who only has to fix a setting; it is logged at debug level.
 *
 * Plain TypeScript with relative imports only: server/http-server.ts runs it straight from Node, outside the
 * bundle, because the bundle itself may be what fails to load (an invalid setting is refused while it loads).
 */
import { AppError } from "./errors.ts";

/**
 * LOG_LEVEL for a logger made before the settings are checked (server/): an invalid one would make pino throw
 * before anything can say so, so it falls back to "info" and the settings check names it in one line.
 */
export function logLevel(value: string | undefined): string {
  return value && ["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(value) ? value : "info";
}

/** An error in a setting: the message starts with the setting's name and says what to change. */
export function settingError(setting: string, problem: string, cause?: unknown): AppError {
  return new AppError("internal", `${setting}: ${problem}`, { cause, details: { setting } });
}

/** Whether an error names a setting. By shape, not class: the bundle has its own copy of AppError. */
export function settingOf(error: unknown): string | null {
  const details = (error as { details?: { setting?: unknown } } | null)?.details;
  return typeof details?.setting === "string" ? details.setting : null;
}

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  cause?: unknown;
}

/** host:port/database of a connection string, never its user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "the configured server";
  }
}

/**
 * A failure to reach or enter the PostgreSQL server of DATABASE_URL (or of `setting`: DATABASE_READ_URL), in the
 * words an operator needs; null for any other error (a failing migration, say), which is not the setting's fault.
 */
export function databaseUrlFailure(error: unknown, url: string, setting = "DATABASE_URL"): AppError | null {
  // Drizzle wraps the driver's error in one quoting the statement: the driver's is the cause.
  let e = error as ErrorShape | null;
  while (e && typeof e.code !== "string" && e.cause) e = e.cause as ErrorShape;
  if (!e || typeof e.code !== "string") return null;
  const where = describeDatabaseUrl(url);
  const said = typeof e.message === "string" ? e.message : String(e.code);
  switch (e.code) {
    case "ECONNREFUSED":
      return settingError(setting, `connection refused at ${e.address ?? "?"}:${e.port ?? "?"} (is PostgreSQL running?)`, error);
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return settingError(setting, `unknown host "${String(e.hostname ?? where)}"`, error);
    case "ETIMEDOUT":
    case "CONNECT_TIMEOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return settingError(setting, `no answer from ${where} (${said})`, error);
    case "ECONNRESET":
      return settingError(setting, `${where} closed the connection (${said}); check the port and whether it requires SSL`, error);
    case "28P01": // invalid_password
    case "28000": // invalid_authorization_specification: no such role, or pg_hba refuses
      return settingError(setting, `${said} (at ${where})`, error);
    case "3D000": // invalid_catalog_name
      return settingError(setting, `${said} on ${where.split("/")[0]}`, error);
    case "42501": // insufficient_privilege, e.g. when migrating
      return settingError(setting, `${said}: the role needs to own the database's tables (at ${where})`, error);
    default:
      return null;
  }
}

/** A failure of the file system at a path a setting names (PGLITE_DIR, AUTH_SECRET_FILE). */
export function pathFailure(setting: string, path: string, error: unknown): AppError | null {
  const code = (error as ErrorShape | null)?.code;
  const reasons: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    EROFS: "read-only file system",
    ENOTDIR: "a part of the path is a file, not a directory",
    EEXIST: "a file is in the way",
    EISDIR: "it is a directory",
    ENOSPC: "no space left on the device",
    EDQUOT: "disk quota exceeded",
    ELOOP: "too many symbolic links",
    ENAMETOOLONG: "the path is too long",
  };
  const reason = typeof code === "string" ? reasons[code] : undefined;
  return reason ? settingError(setting, `cannot write ${path} (${reason})`, error) : null;
}

/** The port or address the server cannot listen on. */
export function listenFailure(error: unknown): unknown {
  const e = error as ErrorShape & { syscall?: unknown };
  const where = `${String(e.address ?? "")}:${String(e.port ?? "")}`;
  if (e.code === "EADDRINUSE") return settingError("PORT", `${where} is already in use (another server is running there?)`, error);
  if (e.code === "EACCES") return settingError("PORT", `${where} needs privileges this process lacks (use a port above 1023)`, error);
  if (e.code === "EADDRNOTAVAIL") return settingError("HOST", `${String(e.address)} is not an address of this machine`, error);
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN")
    return settingError("HOST", `unknown host "${String(e.hostname ?? e.address)}"`, error);
  return error;
}

/** The one line for an error that stopped the start: the setting's message, or the error's first line. */
export function startupFailureLine(error: unknown, who = "Introbase", verb = "cannot start"): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split("\n").find((line) => line.trim()) ?? "unknown error";
  return `${who} ${verb}: ${firstLine.trim()}`;
}

interface FailureOptions {
  who?: string;
  verb?: string;
  /** Receives the error with its stack, e.g. a logger's debug level. */
  debug?: (error: unknown) => void;
}

/** Prints the line on stderr and ends the process with status 1; the stack goes to `debug` only. */
export function exitOnStartupFailure(error: unknown, { who, verb, debug }: FailureOptions = {}): never {
  try {
    debug?.(error);
  } catch {
    // The line below matters more than the log.
  }
  process.stderr.write(`${startupFailureLine(error, who, verb)}\n`);
  process.exit(1);
}
