import type { Route } from "./+types/developers";
import { getApiDocument } from "~/features/api-docs/api-document.server.ts";
import { DevelopersPage, type ApiDocument } from "~/features/api-docs/developers-page.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";
import { getAppContext } from "~/lib/app-context.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originOf(matches),
    path: "/developers",
    title: "API for developers",
    description: "The Introbase JSON API: endpoints, parameters, API keys, rate limits and curl examples.",
  });
}

/** /developers: rendered from the OpenAPI document /api/openapi.json serves, so the two cannot disagree. */
export function loader({ context }: Route.LoaderArgs) {
  return { document: getApiDocument() as unknown as ApiDocument, signedIn: getAppContext(context).user !== null };
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  return <DevelopersPage document={loaderData.document} signedIn={loaderData.signedIn} />;
}
