import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "./db.server.ts";
import type { SessionUser } from "./session.server.ts";

/** What the Express server hands every loader and action. */
export interface AppContext {
  database: Database;
  /** The per-request CSP nonce for inline scripts. */
  cspNonce: string;
  /** The signed-in user, read from the session cookie and the database for this request; null when signed out. */
  user: SessionUser | null;
  /** True when `user` is the owner of the API key the request carried (decision 0061), not a signed-in session. */
  viaApiKey?: boolean;
  /** The client's IP address (as Express sees it, `trust proxy` applied), for rate limits. */
  clientAddress: string;
}

export const appContext = createContext<AppContext>();

export function getAppContext(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
