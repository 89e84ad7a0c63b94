import { z } from "zod";
import type { Route } from "./+types/claim-listing";
import { ClaimLinkPage, type LinkPageState } from "~/features/listing-owners/claim-link-page.tsx";
import { linkPageErrorCode } from "~/features/listing-owners/claim-link-status.ts";
import { confirmClaimLink, readClaimLink, type ClaimLinkState } from "~/features/listing-owners/claims.server.ts";
import { requireMember } from "~/features/listing-owners/member-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Claim a listing | Introbase" }, { name: "robots", content: "noindex" }];
}

const Token = z.object({ token: z.string({ error: "token must be text." }).max(400).default("") });

function asPage(link: ClaimLinkState, token: string): LinkPageState {
  return link.state === "open" ? { ...link, kind: "claim", token } : { state: link.state, kind: "claim" };
}

/** The link of a claim's e-mail (issue 36): opening it shows what it does, signed in as the member who asked for it. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireMember(args);
  const { token } = parse(Token, Object.fromEntries(new URL(args.request.url).searchParams));
  const page = asPage(await readClaimLink(getAppContext(args.context).database, token, user), token);
  return pageAnswer(page, linkPageErrorCode(page.state, false));
}

/** Confirming it makes the member an owner, once. */
export async function action(args: Route.ActionArgs) {
  const user = requireMember(args);
  const { token } = parse(Token, Object.fromEntries(await readForm(args.request)));
  const done = await confirmClaimLink(getAppContext(args.context).database, token, user);
  const page: LinkPageState = done.state === "open" ? { state: "done", listing: done.listing } : asPage(done, token);
  return pageAnswer(page, linkPageErrorCode(page.state, true));
}

export default function ClaimListingLink({ loaderData, actionData }: Route.ComponentProps) {
  return <ClaimLinkPage page={actionData ?? loaderData} />;
}
