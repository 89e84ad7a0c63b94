import { useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { SignInDialog } from "~/features/accounts/sign-in-dialog.tsx";
import { PilotDialog } from "~/features/applications/pilot-dialog.tsx";
import { cn } from "~/lib/cn.ts";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-semibold tracking-tight" aria-label="Introbase home">
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span>Introbase</span>
    </Link>
  );
}

/** Signed out: "Apply" (pilot dialog) on the home page, "Sign In" elsewhere (spec 01 §2). */
export function SiteHeader({ isHome }: { isHome: boolean }) {
  const [dialog, setDialog] = useState<"pilot" | "sign-in" | null>(null);
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-4">
          <NavLink
            to="/listings"
            className={({ isActive }) =>
              cn("hidden rounded-md px-2 py-1 text-sm font-medium text-fg-muted hover:text-fg sm:block", isActive && "text-fg")
            }
          >
            Directory
          </NavLink>
          <NavLink
            to="/pilot"
            className={({ isActive }) =>
              cn("hidden rounded-md px-2 py-1 text-sm font-medium text-fg-muted hover:text-fg sm:block", isActive && "text-fg")
            }
          >
            Pilot
          </NavLink>
          {isHome ? (
            <Button onClick={() => setDialog("pilot")}>Apply</Button>
          ) : (
            <Button onClick={() => setDialog("sign-in")}>Sign In</Button>
          )}
        </nav>
      </div>
      <PilotDialog open={dialog === "pilot"} onOpenChange={(open) => setDialog(open ? "pilot" : null)} />
      <SignInDialog open={dialog === "sign-in"} onOpenChange={(open) => setDialog(open ? "sign-in" : null)} />
    </header>
  );
}
