import { redirect, type RouterContextProvider } from "react-router";
import { getAppContext } from "./app-context.ts";
import { getEnv } from "./env.server.ts";
import { AppError, notFound } from "./errors.ts";
import type { SessionUser } from "./session.server.ts";

/** The operator areas (DESIGN D7): /admin and /api/admin, /debug and /api/debug. */
export type OperatorArea = "admin" | "debug";

export interface AreaSwitches {
  ADMIN_FEATURES: boolean;
  DEBUG_ROUTES: boolean;
}

const FORBIDDEN_MESSAGE = "You don't have access to this page.";

interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * The admin guard every operator loader and action calls first. Switched off by configuration, the area does
 * not exist (404). Signed out: pages send the browser to sign in and come back, APIs answer 401. Signed in
 * without the admin role: 403. Thrown, so a route cannot forget to stop.
 */
export function requireAdmin({ request, context }: GuardArgs, area: OperatorArea, switches: AreaSwitches = getEnv()): SessionUser {
  const url = new URL(request.url);
  const api = url.pathname.startsWith("/api/");
  const enabled = area === "admin" ? switches.ADMIN_FEATURES : switches.DEBUG_ROUTES;
  if (!enabled) notFound(api ? "Not found." : "Page not found");
  const { user } = getAppContext(context);
  if (!user) {
    if (api) throw new AppError("unauthorized", "Sign in as an admin to use this endpoint.");
    const back = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/sign-in?${new URLSearchParams({ returnTo: back })}`);
  }
  if (user.role !== "admin") throw new AppError("forbidden", api ? "Admins only." : FORBIDDEN_MESSAGE);
  return user;
}
