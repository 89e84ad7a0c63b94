import { z } from "zod";
import type { Route } from "./+types/owner-invitation";
import { ClaimLinkPage, type LinkPageState } from "~/features/listing-owners/claim-link-page.tsx";
import { linkPageErrorCode } from "~/features/listing-owners/claim-link-status.ts";
import { requireMember } from "~/features/listing-owners/member-guard.server.ts";
import { acceptInvite, readInvite, type InviteLinkState } from "~/features/listing-owners/owner-invites.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Invitation to keep a listing | Introbase" }, { name: "robots", content: "noindex" }];
}

const Token = z.object({ token: z.string({ error: "token must be text." }).max(400).default("") });

function asPage(link: InviteLinkState, token: string): LinkPageState {
  return link.state === "open" ? { ...link, kind: "invite", token } : { state: link.state, kind: "invite" };
}

/** An owner's invitation of a colleague (issue 36): opening it shows who invites whom to what; signed out, sign in first. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireMember(args);
  const { token } = parse(Token, Object.fromEntries(new URL(args.request.url).searchParams));
  const page = asPage(await readInvite(getAppContext(args.context).database, token, user), token);
  return pageAnswer(page, linkPageErrorCode(page.state, false));
}

/** Accepting it makes the signed-in member an owner, once: the link proved the address. */
export async function action(args: Route.ActionArgs) {
  const user = requireMember(args);
  const { token } = parse(Token, Object.fromEntries(await readForm(args.request)));
  const done = await acceptInvite(getAppContext(args.context).database, token, user);
  const page: LinkPageState = done.state === "open" ? { state: "done", listing: done.listing } : asPage(done, token);
  return pageAnswer(page, linkPageErrorCode(page.state, true));
}

export default function OwnerInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <ClaimLinkPage page={actionData ?? loaderData} />;
}
