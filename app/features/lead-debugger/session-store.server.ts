/**
 * Debugger sessions held in this server process, keyed by the admin's sign-in session (docs/decisions/0028): the
 * provider key an admin types must stay on the server and must not be written anywhere, so memory is the only
 * store. Idle sessions expire and the number of sessions is capped, so a forgotten tab cannot keep a key alive
 * and many sign-ins cannot grow memory without bound.
 */
import type { RouterContextProvider } from "react-router";
import { getAppContext } from "~/lib/app-context.ts";
import { getAuth } from "~/lib/auth.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { defaultSettings } from "./debugger-forms.ts";
import { createSession, type DebuggerSession } from "./debugger-state.ts";

const IDLE_EXPIRY_MS = 60 * 60 * 1000;
const MAX_SESSIONS = 100;

interface Entry {
  session: DebuggerSession;
  lastUsed: number;
}

export class DebuggerSessionStore {
  /** Map order is use order: the first entry is the least recently used. */
  private entries = new Map<string, Entry>();
  constructor(private readonly options: { idleMs?: number; maxEntries?: number; now?: () => number; baseUrl?: () => string } = {}) {}

  private get now() {
    return (this.options.now ?? Date.now)();
  }

  /** The session for the id, created when missing or expired; using it keeps it alive. */
  get(id: string): DebuggerSession {
    this.sweep();
    const existing = this.entries.get(id);
    this.entries.delete(id);
    const session = existing?.session ?? createSession((this.options.baseUrl ?? (() => getEnv().PROVIDER_API_URL))(), defaultSettings());
    this.entries.set(id, { session, lastUsed: this.now });
    const max = this.options.maxEntries ?? MAX_SESSIONS;
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
    return session;
  }

  /** The session if it exists and is not expired, without creating one. */
  peek(id: string): DebuggerSession | undefined {
    this.sweep();
    return this.entries.get(id)?.session;
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    this.sweep();
    return this.entries.size;
  }

  private sweep(): void {
    const cutoff = this.now - (this.options.idleMs ?? IDLE_EXPIRY_MS);
    for (const [id, entry] of this.entries) {
      // Oldest first: once one is fresh, all after it are.
      if (entry.lastUsed > cutoff) break;
      if (!entry.session.busy) this.entries.delete(id);
    }
  }
}

/** The one store of this process. */
export const debuggerSessions = new DebuggerSessionStore();

interface KeyArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * The store key for a request: the Better Auth session id, so two browsers of one admin get two debuggers and a
 * new sign-in starts clean. A user with no session cookie reaches a loader only when a test hands the user in
 * directly; such requests share one debugger per user.
 */
export async function debuggerSessionId({ request, context }: KeyArgs, user: SessionUser): Promise<string> {
  const { database } = getAppContext(context);
  if (request.headers.get("cookie")) {
    const found = await getAuth(database).api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
    if (found && found.user.id === user.id) return `session:${found.session.id}`;
  }
  return `user:${user.id}`;
}
