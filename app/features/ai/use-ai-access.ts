import { useRouteLoaderData } from "react-router";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { normalizeLevel } from "~/features/access/tiers.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import type { loader } from "~/root.tsx";
import { mayUseAi } from "./ai-access.ts";

/** Whether the signed-in member may use the AI features here (the server checks again on every request). */
export function useAiAccess(): boolean {
  const configured = useRouteLoaderData<typeof loader>("root")?.aiConfigured === true;
  const user = useCurrentUser();
  const plans = usePlanCatalogue();
  if (!user) return false;
  return mayUseAi({ configured, signedIn: true, limits: plans[normalizeLevel(user.tier)].limits });
}
