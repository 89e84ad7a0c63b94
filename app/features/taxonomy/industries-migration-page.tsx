import { useCallback } from "react";
import { useRevalidator } from "react-router";
import type { FormResult } from "~/lib/form-parse.ts";
import { MigrationScreen } from "./migration-screen.tsx";

type MigrationScreenData = Pick<Parameters<typeof MigrationScreen>[0], "taxonomy" | "current" | "latest" | "backups">;

/** The industries migration (spec 02 §2): the migration screen, and the answer to a restore posted from it. */
export function IndustriesMigrationPage({ page: loaderData, result: actionData }: { page: MigrationScreenData; result?: FormResult }) {
  const { revalidate } = useRevalidator();
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Industries migration</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Moves the industries to the taxonomy of primary and secondary categories: a backup first, then every existing record mapped to its
        place (listings keep their industries) and the taxonomy&apos;s records added, then a check of the result. Running it again changes
        nothing; any backup can be restored. Check the table first in{" "}
        <a className="text-accent underline underline-offset-2" href="/debug/industries-fields">
          Industries field validation
        </a>
        .
      </p>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={
            actionData.ok
              ? "mt-4 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm"
              : "mt-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm"
          }
        >
          {actionData.message}
        </p>
      ) : null}
      <MigrationScreen
        taxonomy={loaderData.taxonomy}
        current={loaderData.current}
        latest={loaderData.latest}
        backups={loaderData.backups}
        onFinished={refresh}
      />
    </div>
  );
}
