import { Compass } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { buttonClass } from "~/components/ui/button.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";
import { logger } from "~/lib/logger.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originOf(matches),
    path: null,
    title: "Page not found",
    description: "The page you're looking for doesn't exist or has been moved.",
    robots: "noindex",
  });
}

/** Any path no other route claims (spec 01 §2): logged, so broken links show up in the server logs. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // Client-side navigations fetch "<path>.data"; log the path the visitor actually asked for.
  const path = (pathname.replace(/(?:\/_)?\.data$/, "") || "/").slice(0, 500);
  logger.warn({ path }, "page not found");
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <Compass className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-6 text-6xl font-bold tracking-tight text-accent">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        Page not found
      </h1>
      <p className="mt-3 text-fg-muted">The page you&apos;re looking for doesn&apos;t exist or has been moved.</p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClass({ size: "lg" })}>
          Return to Home
        </Link>
        <Link to="/listings" className={buttonClass({ variant: "secondary", size: "lg" })}>
          Browse Listings
        </Link>
      </div>
    </section>
  );
}
