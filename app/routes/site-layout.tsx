import { Outlet, useLocation } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer.tsx";
import { SiteHeader } from "~/components/layout/site-header.tsx";
import { UnlockPromptProvider } from "~/components/layout/unlock-prompt.tsx";
import { SignInDialog } from "~/features/accounts/sign-in-dialog-lazy.ts";
import { PilotDialog } from "~/features/applications/pilot-dialog-lazy.ts";
import { UpgradeDialog } from "~/features/billing/upgrade-dialog-lazy.ts";

export default function SiteLayout() {
  const { pathname } = useLocation();
  const isHome = pathname === "/" || pathname === "/service-landing-2";
  return (
    <UnlockPromptProvider SignInDialog={SignInDialog} UpgradeDialog={UpgradeDialog}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader isHome={isHome} PilotDialog={PilotDialog} />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </UnlockPromptProvider>
  );
}
