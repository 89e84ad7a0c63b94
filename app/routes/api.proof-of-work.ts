import type { Route } from "./+types/api.proof-of-work";
import { newProofChallenge } from "~/features/verification/proof-of-work.server.ts";
import { getAppContext } from "~/lib/app-context.ts";

/** GET /api/proof-of-work: a fresh signed challenge for the "I'm not a robot" widget. Never cached: each is single-use. */
export async function loader({ context }: Route.LoaderArgs) {
  const challenge = await newProofChallenge(getAppContext(context).database);
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
