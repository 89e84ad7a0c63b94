import type { Route } from "./+types/account-deleted";
import { AccountDeletedPage } from "~/features/member-data/account-deleted-page.tsx";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Your account is deleted | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Where "Delete my account" lands, signed out (decision 0077). */
export default function AccountDeleted() {
  return <AccountDeletedPage />;
}
