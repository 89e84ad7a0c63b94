/**
 * Debugger sessions in the database (decision 0051, DESIGN D13), so that any app server can serve any step: one row
 * per operator debugger session, keyed by the operator and their sign-in session. The typed provider key is stored
 * only sealed with a key derived from the server secret and bound to its row; a row idle for an hour is treated as
 * absent and deleted. An action claims the row with a lease for as long as it runs (renewed while it runs), so two
 * requests of one session never run steps at the same time, whichever processes they land on.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { debuggerSessions as table } from "#db/schema/debugger-sessions.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { authSecret, getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { openText, sealText } from "~/lib/secret-box.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { defaultSettings } from "./debugger-forms.ts";
import { createSession, HeldKey, recoverInterrupted, redactSecret, type DebuggerSession } from "./debugger-state.ts";

const IDLE_EXPIRY_MS = 60 * 60 * 1000;
/** How long a claim holds without renewal: a process that died mid-step frees its session this long after. */
const LEASE_MS = 2 * 60 * 1000;
const KEY_PURPOSE = "lead-debugger-provider-key";

/** Whose debugger a request addresses. Every query names the operator, so no request reaches another's row. */
export interface DebuggerOwner {
  userId: string;
  /** "session:<sign-in session id>", or "user" for a request without a session cookie (route tests). */
  sessionKey: string;
  authSessionId: string | null;
}

interface StoreOptions {
  /** The clock; every expiry and lease is decided by it, so tests move it instead of waiting. */
  now?: () => Date;
  idleMs?: number;
  leaseMs?: number;
  /** The server secret (default: BETTER_AUTH_SECRET, else the AUTH_SECRET_FILE secret). */
  secret?: () => string;
  baseUrl?: () => string;
}

type Row = typeof table.$inferSelect;
/** What the state column holds: the session less the key, the step data and the lease. */
type StoredState = Omit<DebuggerSession, "key" | "retrieved" | "processed" | "busy">;

export type Claimed<T> = { ok: true; value: T } | { ok: false };

export class DebuggerSessionStore {
  constructor(
    private readonly database: Database,
    private readonly options: StoreOptions = {},
  ) {}

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  private later(ms: number): Date {
    return new Date(this.now().getTime() + ms);
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? LEASE_MS;
  }

  private where(owner: DebuggerOwner) {
    return and(eq(table.userId, owner.userId), eq(table.sessionKey, owner.sessionKey));
  }

  private fresh(): DebuggerSession {
    return createSession((this.options.baseUrl ?? (() => getEnv().PROVIDER_API_URL))(), defaultSettings());
  }

  private sealOptions(owner: DebuggerOwner) {
    const secret = (this.options.secret ?? (() => authSecret(getEnv())))();
    // The row's identity is authenticated with the key: a sealed key copied into another row does not open there.
    return { secret, purpose: KEY_PURPOSE, context: `${owner.userId}\n${owner.sessionKey}` };
  }

  /** Expired rows are deleted before any read, so an expired session is never served, whoever asks. */
  private async sweep(): Promise<void> {
    const cutoff = new Date(this.now().getTime() - (this.options.idleMs ?? IDLE_EXPIRY_MS));
    await this.database.db.delete(table).where(lte(table.lastUsedAt, cutoff));
  }

  private newRow(owner: DebuggerOwner) {
    const session = this.fresh();
    return { userId: owner.userId, sessionKey: owner.sessionKey, authSessionId: owner.authSessionId, ...this.columns(session, owner) };
  }

  /** The session's columns as stored: the key sealed, and every text with the key cut out. */
  private columns(session: DebuggerSession, owner: DebuggerOwner, only?: { retrieved: boolean; processed: boolean }) {
    const key = session.key?.reveal();
    const stored: StoredState = {
      baseUrl: session.baseUrl,
      debugMode: session.debugMode,
      settings: session.settings,
      steps: session.steps,
      workflow: session.workflow,
      logs: session.logs,
    };
    return {
      state: redactSecret(stored, key),
      ...(only?.retrieved === false ? {} : { retrieved: redactSecret(session.retrieved, key) }),
      ...(only?.processed === false ? {} : { processed: redactSecret(session.processed, key) }),
      keyCiphertext: key === undefined ? null : sealText(key, this.sealOptions(owner)),
      lastUsedAt: this.now(),
    };
  }

  private decode(row: Row, owner: DebuggerOwner, busy: boolean): DebuggerSession {
    const session: DebuggerSession = {
      ...this.fresh(),
      ...(row.state as Partial<StoredState>),
      retrieved: row.retrieved as DebuggerSession["retrieved"],
      processed: row.processed as DebuggerSession["processed"],
      busy,
      key: null,
    };
    // A key sealed under an earlier server secret no longer opens: the session simply holds no key, and the
    // operator types it again.
    const key = row.keyCiphertext === null ? null : openText(row.keyCiphertext, this.sealOptions(owner));
    if (key !== null) session.key = new HeldKey(key);
    if (!busy) recoverInterrupted(session);
    return session;
  }

  private leased(row: Row): boolean {
    return row.leaseUntil !== null && row.leaseUntil > this.now();
  }

  /** For the page: the session, created when absent or expired; reading it keeps it alive. */
  async open(owner: DebuggerOwner): Promise<DebuggerSession> {
    await this.sweep();
    const [row] = await this.database.db
      .insert(table)
      .values(this.newRow(owner))
      .onConflictDoUpdate({ target: [table.userId, table.sessionKey], set: { lastUsedAt: this.now() } })
      .returning();
    return this.decode(row!, owner, this.leased(row!));
  }

  /** For the API: the session if there is one (not expired), kept alive; never creates one. */
  async find(owner: DebuggerOwner): Promise<DebuggerSession | undefined> {
    await this.sweep();
    const [row] = await this.database.db.update(table).set({ lastUsedAt: this.now() }).where(this.where(owner)).returning();
    return row ? this.decode(row, owner, this.leased(row)) : undefined;
  }

  async delete(owner: DebuggerOwner): Promise<void> {
    await this.database.db.delete(table).where(this.where(owner));
  }

  /**
   * Claims the session (created when absent) and runs `work` on it, then saves it and lets it go; `{ ok: false }`
   * when another request holds it. `checkpoint` saves the state so far, so the page (on any process) sees a workflow
   * move step by step. The claim is renewed while `work` runs; a process that dies leaves it to lapse.
   */
  async exclusively<T>(
    owner: DebuggerOwner,
    work: (session: DebuggerSession, checkpoint: () => Promise<void>) => Promise<T>,
  ): Promise<Claimed<T>> {
    await this.sweep();
    const token = randomUUID();
    const now = this.now();
    // One statement, so two processes claiming at once cannot both win.
    const [row] = await this.database.db
      .insert(table)
      .values({ ...this.newRow(owner), leaseToken: token, leaseUntil: this.later(this.leaseMs) })
      .onConflictDoUpdate({
        target: [table.userId, table.sessionKey],
        set: { leaseToken: token, leaseUntil: this.later(this.leaseMs), lastUsedAt: now },
        setWhere: or(isNull(table.leaseUntil), lte(table.leaseUntil, now)),
      })
      .returning();
    if (!row) return { ok: false };
    const session = this.decode(row, owner, false);
    session.busy = true;
    let saved = { retrieved: session.retrieved, processed: session.processed };
    const save = async (release: boolean) => {
      // The step data is written only when it changed: a workflow's checkpoints would otherwise rewrite 1,000 records.
      const changed = { retrieved: session.retrieved !== saved.retrieved, processed: session.processed !== saved.processed };
      await this.database.db
        .update(table)
        .set({
          ...this.columns(session, owner, changed),
          leaseToken: release ? null : token,
          leaseUntil: release ? null : this.later(this.leaseMs),
        })
        .where(and(this.where(owner), eq(table.leaseToken, token)));
      saved = { retrieved: session.retrieved, processed: session.processed };
    };
    // Renewal by the wall clock on purpose: it keeps a long provider call from losing the claim.
    const renewal = setInterval(() => {
      void this.database.db
        .update(table)
        .set({ leaseUntil: this.later(this.leaseMs), lastUsedAt: this.now() })
        .where(and(this.where(owner), eq(table.leaseToken, token)))
        .catch(() => {});
    }, this.leaseMs / 3);
    renewal.unref();
    try {
      return { ok: true, value: await work(session, () => save(false)) };
    } finally {
      clearInterval(renewal);
      session.busy = false;
      await save(true);
    }
  }
}

interface OwnerArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * Whose debugger a request addresses: the operator's, for their Better Auth session, so two browsers of one admin
 * get two debuggers and a new sign-in starts clean. A user with no session cookie reaches a loader only when a test
 * hands the user in directly; such requests share one debugger per user.
 */
export async function debuggerOwner({ request, context }: OwnerArgs, user: SessionUser): Promise<DebuggerOwner> {
  const { database } = getAppContext(context);
  if (request.headers.get("cookie")) {
    const found = await getAuth(database).api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
    if (found && found.user.id === user.id)
      return { userId: user.id, sessionKey: `session:${found.session.id}`, authSessionId: found.session.id };
  }
  return { userId: user.id, sessionKey: "user", authSessionId: null };
}
