import { ListPlus } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";

/**
 * Adding a selection of results to a list (issue 37, decision 0120). The cards' "Select" boxes and the "Add selected
 * to list" button sit inside the search form but belong to this form of their own (forms do not nest): a GET to
 * /lists/add with the chosen ids and the way back, which works without JavaScript.
 */
export const ADD_SELECTION_FORM = "add-to-list-selection";

export function AddSelectionForm({ returnTo }: { returnTo: string }) {
  return (
    <form id={ADD_SELECTION_FORM} method="get" action="/lists/add" hidden>
      <input type="hidden" name="returnTo" value={returnTo} />
    </form>
  );
}

export function AddSelectedButton() {
  return (
    <Button type="submit" form={ADD_SELECTION_FORM} variant="secondary">
      <ListPlus aria-hidden="true" />
      Add selected to list
    </Button>
  );
}
