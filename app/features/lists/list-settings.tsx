import { ArrowDown, ArrowUp } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField, inputClass } from "~/components/ui/form-field.tsx";
import type { ListSummary } from "./list-access.server.ts";
import type { ListColumn } from "./list-entries.server.ts";
import type { ListPageResult } from "./list-page.server.ts";
import { MAX_COLUMN_NAME, MAX_LIST_COLUMNS, MAX_LIST_NAME } from "./list-rules.ts";

/** The list's name, its status columns (add, rename, reorder, remove when empty) and, for those who may, deleting it. */
export function ListSettings({
  list,
  columns,
  result,
}: {
  list: Omit<ListSummary, "updatedAt"> & { mayDelete: boolean };
  columns: ListColumn[];
  result?: ListPageResult;
}) {
  const busy = useNavigation().state !== "idle";
  const failed = result && !result.ok ? result : undefined;
  const failedFor = (intent: string, target = "") => (failed?.intent === intent && (failed.target ?? "") === target ? failed : undefined);
  const rename = failedFor("rename-list");
  const adding = failedFor("add-column");
  return (
    <div className="grid gap-6">
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Name</h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="rename-list" />
          <FormField label="List name" error={rename?.errors?.name}>
            {(props) => (
              <input {...props} name="name" required maxLength={MAX_LIST_NAME * 2} defaultValue={rename?.values?.name ?? list.name} />
            )}
          </FormField>
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Rename
            </Button>
          </div>
        </Form>
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Status columns</h2>
        <p className="mt-1 text-sm text-fg-muted">
          The board shows one column per status, in this order (at most {MAX_LIST_COLUMNS}). A column can be removed once no entry is in it.
        </p>
        <ol className="mt-4 divide-y divide-border">
          {columns.map((column, i) => {
            const renaming = failedFor("rename-column", column.id);
            const inputId = `column-${column.id}`;
            return (
              <li key={column.id} className="flex flex-wrap items-center gap-2 py-3">
                <Form method="post" className="flex min-w-0 flex-1 items-center gap-2" noValidate>
                  <input type="hidden" name="intent" value="rename-column" />
                  <input type="hidden" name="columnId" value={column.id} />
                  <label htmlFor={inputId} className="sr-only">
                    Name of column {i + 1}
                  </label>
                  <input
                    id={inputId}
                    name="column"
                    defaultValue={renaming?.values?.column ?? column.name}
                    maxLength={MAX_COLUMN_NAME * 2}
                    aria-invalid={renaming ? true : undefined}
                    aria-describedby={renaming ? `${inputId}-message` : undefined}
                    className={`${inputClass} mt-0 min-w-0 flex-1`}
                  />
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    Rename
                  </Button>
                </Form>
                <ColumnButton intent="column-up" columnId={column.id} disabled={busy || i === 0} label={`Move ${column.name} left`}>
                  <ArrowUp aria-hidden="true" />
                </ColumnButton>
                <ColumnButton
                  intent="column-down"
                  columnId={column.id}
                  disabled={busy || i === columns.length - 1}
                  label={`Move ${column.name} right`}
                >
                  <ArrowDown aria-hidden="true" />
                </ColumnButton>
                <ColumnButton intent="remove-column" columnId={column.id} disabled={busy} label={`Remove ${column.name}`}>
                  Remove
                </ColumnButton>
                {renaming ? (
                  <p id={`${inputId}-message`} className="w-full text-sm text-danger">
                    {renaming.errors?.column ?? renaming.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="add-column" />
          <FormField label="New column" error={adding?.errors?.column}>
            {(props) => (
              <input {...props} name="column" required maxLength={MAX_COLUMN_NAME * 2} defaultValue={adding?.values?.column ?? ""} />
            )}
          </FormField>
          <div>
            <Button type="submit" variant="secondary" disabled={busy || columns.length >= MAX_LIST_COLUMNS}>
              Add column
            </Button>
          </div>
        </Form>
      </Card>
      <DeleteList list={list} busy={busy} />
    </div>
  );
}

function ColumnButton({
  intent,
  columnId,
  disabled,
  label,
  children,
}: {
  intent: string;
  columnId: string;
  disabled: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="columnId" value={columnId} />
      <Button type="submit" size="sm" variant="ghost" disabled={disabled} aria-label={label} title={label}>
        {children}
      </Button>
    </Form>
  );
}

function DeleteList({ list, busy }: { list: Omit<ListSummary, "updatedAt"> & { mayDelete: boolean }; busy: boolean }) {
  return (
    <>
      {list.mayDelete ? (
        <Card className="p-5 sm:p-6">
          <h2 className="font-semibold">Delete this list</h2>
          <p className="mt-1 text-sm text-fg-muted">
            {list.teamId
              ? "The list, its entries, notes, tags and history are deleted for everyone in the team."
              : "The list, its entries, notes, tags and history are deleted."}{" "}
            This cannot be undone.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="delete-list" />
            <Button type="submit" variant="danger" disabled={busy}>
              Delete {list.name}
            </Button>
          </Form>
        </Card>
      ) : list.teamId ? (
        <p className="text-sm text-fg-muted">Only the team&apos;s owner and admins, or whoever made this list, can delete it.</p>
      ) : null}
    </>
  );
}
