import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardTitle } from "~/components/ui/card.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { plural } from "~/lib/wording.ts";
import { formatDateTime } from "~/lib/format-date.ts";

export interface BackupItem {
  id: string;
  createdAt: string;
  createdBy: string | null;
  industries: number;
  listings: number;
  restoredAt: string | null;
  restoredBy: string | null;
}

function RestoreButton({ backup, disabled, label }: { backup: BackupItem; disabled: boolean; label: string }) {
  const [open, setOpen] = useState(false);
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => setOpen(true)} aria-label={`Restore the backup of ${label}`}>
        <RotateCcw aria-hidden="true" />
        Restore
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Restore this backup?"
        description={`The industries table goes back to the ${plural(backup.industries, "record")} of ${label}, and every listing gets back the industries it had then. Industries added since are removed.`}
      >
        <Form method="post" onSubmit={() => setOpen(false)} className="flex flex-wrap justify-end gap-2">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="backupId" value={backup.id} />
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            Restore backup
          </Button>
        </Form>
      </Dialog>
    </>
  );
}

/** The backups the migration took, newest first, each restorable (issue 6 §2). */
export function BackupList({ backups, disabled }: { backups: BackupItem[]; disabled: boolean }) {
  return (
    <Card>
      <CardTitle>Backups</CardTitle>
      <p className="mt-1 text-sm text-fg-muted">
        Every run starts with a backup of the industries and of each listing&apos;s industries. Restoring one puts both back exactly.
      </p>
      {backups.length ? (
        <ul className="mt-4 divide-y divide-border" data-testid="backup-list">
          {backups.map((b) => {
            const taken = formatDateTime(b.createdAt);
            return (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="backup">
                <div className="min-w-0 text-sm">
                  <p className="font-medium">
                    <time dateTime={b.createdAt}>{taken}</time>
                    {b.createdBy ? ` by ${b.createdBy}` : null}
                  </p>
                  <p className="text-fg-muted">
                    {plural(b.industries, "industry")} · industries of {plural(b.listings, "listing")}
                    {b.restoredAt ? (
                      <>
                        {" "}
                        · restored <time dateTime={b.restoredAt}>{formatDateTime(b.restoredAt)}</time>
                        {b.restoredBy ? ` by ${b.restoredBy}` : null}
                      </>
                    ) : null}
                  </p>
                </div>
                <RestoreButton backup={b} disabled={disabled} label={taken} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-fg-muted">No backups yet: the first run of the migration takes one.</p>
      )}
    </Card>
  );
}
