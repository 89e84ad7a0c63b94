import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "./db.server.ts";

/** What the Express server hands every loader and action. */
export interface AppContext {
  database: Database;
  /** The per-request CSP nonce for inline scripts. */
  cspNonce: string;
}

export const appContext = createContext<AppContext>();

export function getAppContext(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
