import { Link } from "react-router";
import { Dialog } from "~/components/ui/dialog.tsx";

export const PILOT_NOTE = "We only take on teams we're confident we can help. No spam, no pressure — just honest collaboration.";

export function PilotDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Apply for the Partner-Led Growth Pilot">
      <p className="text-sm text-fg-muted">3-5 warm intros in 30 days, a partner growth system, and a path to compounding revenue without cold outreach.</p>
      <p className="mt-4 text-sm">{PILOT_NOTE}</p>
      <Link to="/pilot" className="mt-4 inline-block text-sm font-medium text-accent underline">Learn more about the pilot</Link>
    </Dialog>
  );
}
