import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/layout/not-found-page.tsx";
import { notFoundMeta, originOf } from "~/features/seo/meta-tags.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";
import { logger } from "~/lib/logger.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return notFoundMeta(originOf(matches));
}

/** Any path no other route claims (spec 01 §2): logged, so broken links show up in the server logs. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // Client-side navigations fetch "<path>.data"; log the path the visitor actually asked for.
  const path = (pathname.replace(/(?:\/_)?\.data$/, "") || "/").slice(0, 500);
  logger.warn({ path }, "page not found");
  return pageAnswer(null, "not_found");
}

export default function NotFound() {
  return <NotFoundPage />;
}
