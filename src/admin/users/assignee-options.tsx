import type { StaffMember } from "../../shared/assignment-api.ts";
import { useResource } from "../api/use-resource.ts";
import { assignableAdmins } from "./assignable-admins.ts";

/**
 * The admins one can assign to, an empty list until they are loaded. Called by the component that
 * renders the `<select>`: React keeps a select's value in step only when the select itself renders,
 * so the options must not load on their own below it.
 */
export function useAssignableAdmins(): readonly StaffMember[] {
  const admins = useResource(assignableAdmins, "admins");
  return admins.resource.state === "ready" ? admins.resource.data : [];
}

/**
 * How an admin is named in a choice: the one name every screen shows ("Rosa Gomez"), with the
 * nickname beside it only where the name alone would not tell two admins apart
 * ("Rosa Gomez (NimbleFox13)"): the nickname is unique, it is what they sign in and are mentioned with.
 */
export function staffChoiceLabel(
  admin: Pick<StaffMember, "name" | "nickname">,
  everyone: ReadonlyArray<Pick<StaffMember, "name">> = [],
): string {
  const shared = everyone.filter((other) => other.name === admin.name).length > 1;
  return shared && admin.nickname !== admin.name ? `${admin.name} (${admin.nickname})` : admin.name;
}

/**
 * The `<option>`s of an assignee select (reports, conversations, bulk): nobody (value ""), then every
 * admin by the name the lists and headers show. `current` stays choosable while the admins load, or when it is not among them (an
 * admin since demoted), so the select never shows someone else.
 */
export function AssigneeOptions({
  admins,
  current,
  nobody,
}: {
  admins: readonly StaffMember[];
  current: { id: string; name: string } | null;
  nobody: string;
}) {
  const known = !current || admins.some((admin) => admin.id === current.id);
  return (
    <>
      <option value="">{nobody}</option>
      {!known && current && <option value={current.id}>{current.name}</option>}
      {admins.map((admin) => (
        <option key={admin.id} value={admin.id}>
          {staffChoiceLabel(admin, admins)}
        </option>
      ))}
    </>
  );
}
