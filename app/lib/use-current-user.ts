import { useRouteLoaderData } from "react-router";
import type { loader, RootUser } from "~/root.tsx";

export type CurrentUser = RootUser;

/** The signed-in user as the root loader sent it (identity, tier, role), or null. */
export function useCurrentUser(): CurrentUser | null {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}
