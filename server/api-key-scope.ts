/**
 * The key's owner is the user of the JSON API routes keys are for, and of nothing else (decision 0069). server/app.ts
 * looks a key up only for a request that resolved to such a route; this is the second line, in the routes
 * themselves: every other route's loader and action refuses a request whose user came from a key, whatever path or
 * spelling brought it there. A key that reaches the settings page, billing or an operator page by a way nobody
 * thought of finds a 403, not its owner's account.
 */
import type { ServerBuild } from "react-router";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { routeTable } from "./route-table.ts";

type Handler = (args: { context: Parameters<typeof getAppContext>[0] }) => unknown;

function keysRefused(handler: Handler): Handler {
  return (args) => {
    if (getAppContext(args.context).viaApiKey)
      throw new AppError("forbidden", "An API key works on the JSON API only (/api/…), not here. Sign in to use this page.");
    return handler(args);
  };
}

/**
 * A team's key (issue 37, decision 0121) is for the team's lists only: on every other keyed route it is refused, so a
 * key handed to a team's shared tool never reads the member's saved searches or follows, spends their quotas or sends
 * introductions in their name, and it does nothing at all once the member has left the team.
 */
function teamKeysRefused(handler: Handler): Handler {
  return (args) => {
    if (getAppContext(args.context).user?.keyTeamId)
      throw new AppError("forbidden", "A team's API key works on the team's lists only (/api/lists…). Use a key of your own here.");
    return handler(args);
  };
}

/** The routes a team's key is for: the lists API (app/routes/api.lists*.ts). */
const TEAM_KEY_ROUTE = /^routes\/api\.lists(\.|$)/;

const scoped = new WeakMap<ServerBuild, ServerBuild>();

export function withApiKeyScope(build: ServerBuild): ServerBuild {
  const known = scoped.get(build);
  if (known) return known;
  const table = routeTable(build);
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    if (table.facts(id).keyed) {
      if (TEAM_KEY_ROUTE.test(id)) {
        routes[id] = route;
        continue;
      }
      const module = { ...route.module };
      if (module.loader) module.loader = teamKeysRefused(module.loader as Handler) as typeof module.loader;
      if (module.action) module.action = teamKeysRefused(module.action as Handler) as typeof module.action;
      routes[id] = { ...route, module };
      continue;
    }
    const module = { ...route.module };
    if (module.loader) module.loader = keysRefused(module.loader as Handler) as typeof module.loader;
    if (module.action) module.action = keysRefused(module.action as Handler) as typeof module.action;
    routes[id] = { ...route, module };
  }
  const result = { ...build, routes };
  scoped.set(build, result);
  return result;
}
