import { describe, expect, it } from "vitest";
import { describeStatement } from "./query-spans.server.ts";

describe("a query span's name", () => {
  it("is the statement's operation and the table it reads or writes", () => {
    expect(describeStatement('select "id", "name" from "listings" where "slug" = $1')).toEqual({
      operation: "SELECT",
      collection: "listings",
    });
    expect(describeStatement('insert into "jobs" ("id") values ($1)')).toEqual({ operation: "INSERT", collection: "jobs" });
    expect(describeStatement('update "users" set "name" = $1 where "id" = $2')).toEqual({ operation: "UPDATE", collection: "users" });
    expect(describeStatement('delete from "sessions" where "id" = $1')).toEqual({ operation: "DELETE", collection: "sessions" });
  });

  it("names no table for DDL, whose ON UPDATE or ON names none", () => {
    expect(
      describeStatement('ALTER TABLE "a" ADD CONSTRAINT "f" FOREIGN KEY ("b") REFERENCES "c"("id") ON DELETE cascade ON UPDATE no action'),
    ).toEqual({ operation: "ALTER" });
    expect(describeStatement('CREATE INDEX "i" ON "listings" USING btree ("name")')).toEqual({ operation: "CREATE" });
  });
});
