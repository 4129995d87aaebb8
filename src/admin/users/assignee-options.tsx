import type { UserListItem } from "../../shared/users-api.ts";
import { useResource } from "../api/use-resource.ts";
import { assignableAdmins } from "./assignable-admins.ts";

/**
 * The admins one can assign to, an empty list until they are loaded. Called by the component that
 * renders the `<select>`: React keeps a select's value in step only when the select itself renders,
 * so the options must not load on their own below it.
 */
export function useAssignableAdmins(): readonly UserListItem[] {
  const admins = useResource(assignableAdmins, "admins");
  return admins.resource.state === "ready" ? admins.resource.data.items : [];
}

/**
 * The `<option>`s of an assignee select (reports, conversations, bulk): nobody (value ""), then every
 * admin by name. `current` stays choosable while the admins load, or when it is not among them (an
 * admin since demoted), so the select never shows someone else.
 */
export function AssigneeOptions({
  admins,
  current,
  nobody,
}: {
  admins: readonly UserListItem[];
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
          {admin.name}
        </option>
      ))}
    </>
  );
}
