import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/toaster.tsx";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { workingTeamChoices } from "~/features/teams/team-members.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { routeErrorView } from "~/lib/route-error.ts";
import { RequestIdNote } from "~/components/layout/status-page.tsx";
import { pageMeta, SITE_DESCRIPTION } from "~/features/seo/meta-tags.ts";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { ZOD_BROWSER_CONFIG_SCRIPT } from "~/lib/zod-browser-config.ts";
import { isAiConfigured } from "~/features/ai/ai-config.server.ts";
import "./app.css";

/**
 * The nonce, the public origin (for canonical and Open Graph URLs: meta functions also run in the browser, where
 * the environment is out of reach), who is signed in (identity and tier only: what the header, menus and
 * gates need), and the plan catalogue (the tiers' names, prices and benefits from their records, which the upgrade
 * dialog sells and the locks name; a cached read).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { cspNonce, user, database } = getAppContext(context);
  return {
    nonce: cspNonce,
    origin: siteOrigin(),
    /** The external pilot form, when one is configured (public configuration, not a secret). */
    pilotFormUrl: getEnv().PILOT_FORM_URL ?? null,
    /** Whether an AI provider is configured (decision 0065): the AI buttons show only then. Never its url or key. */
    aiConfigured: isAiConfigured(),
    user: user ? { id: user.id, name: user.name, email: user.email, picture: user.picture, tier: user.tier, role: user.role } : null,
    plans: await getPlanCatalogue(database),
    /** The member's teams and the one they work in, for the user menu's switcher (issue 37, decision 0118). */
    teams: user ? await workingTeamChoices(database, user.id) : null,
    /** How plans are paid (decision 0079): demo billing says beside every price that no payment is taken. */
    billingMode: getEnv().BILLING_MODE,
  };
}

/** Site-wide defaults, for a page without its own meta (each page's meta replaces these, it does not add to them). */
export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ origin: loaderData?.origin, path: null, title: "Partner and Investor Directory", description: SITE_DESCRIPTION });
}

export type RootUser = NonNullable<Awaited<ReturnType<typeof loader>>["user"]>;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // The page paints before its JavaScript arrives (decision 0023): this mark says the buttons now work, for the
  // browser tests (which would otherwise click before they do) and anyone styling the wait.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* zod's browser settings, before any module runs (lib/zod-browser-config.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_BROWSER_CONFIG_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-surface text-fg antialiased">
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const view = routeErrorView(useRouteError());
  return (
    // The alert is inside <main>: a main element may not take role="alert" (the Nu HTML checker refuses it).
    <main className="mx-auto max-w-xl p-8">
      <div role="alert">
        <h1 className="text-2xl font-semibold">{`${view.status} ${view.title}`}</h1>
        <p className="mt-2 text-fg-muted">{view.message}</p>
        <RequestIdNote requestId={view.requestId} />
        <a className="mt-4 inline-block text-accent underline" href="/">
          Return to Home
        </a>
      </div>
    </main>
  );
}
