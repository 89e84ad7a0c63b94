import { Download } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { cn } from "~/lib/cn.ts";

/** Where "Download my data" posts: an authenticated POST whose answer is the file itself, kept by no cache (decision 0077). */
const DOWNLOAD_DATA_PATH = "/settings/my-data";

/**
 * The download button: a plain form, not a router form, so the browser itself receives the file and saves it; nothing
 * is left behind (no link to share, no copy on the server).
 */
export function DownloadDataForm({ className }: { className?: string }) {
  return (
    <form method="post" action={DOWNLOAD_DATA_PATH} className={cn(className)}>
      <Button type="submit" variant="secondary">
        <Download aria-hidden="true" />
        Download my data
      </Button>
    </form>
  );
}

/** Settings › Your data and account: the copy of everything we keep (GDPR Art. 15, 20) and the way out (Art. 17). */
export function LeaveSection() {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Your data and account</h2>
      <p className="mt-1 text-sm text-fg-muted">
        One JSON file with everything we keep about you: your profile, how you sign in, your plan and its history, usage, saved searches,
        follows, introduction requests sent and received, API keys (names and prefixes, never the keys), applications, duplicate reports and
        what the audit log says you did.
      </p>
      <DownloadDataForm className="mt-3" />
      <p className="mt-6 text-sm text-fg-muted">
        Deleting your account signs you out everywhere and removes your data. You will see exactly what happens before you confirm.
      </p>
      <Link to="/settings/delete-account" className={buttonClass({ variant: "danger", className: "mt-3" })}>
        Delete my account
      </Link>
    </Card>
  );
}
