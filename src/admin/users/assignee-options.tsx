import { useResource } from "../api/use-resource.ts";
import { assignableAdmins } from "./assignable-admins.ts";

/**
 * The `<option>`s of an assignee select (reports, conversations, bulk): nobody (value ""), then every
 * admin by name. `current` stays choosable while the admins load, or when it is not among them (an
 * admin since demoted), so the select never shows someone else.
 */
export function AssigneeOptions({
  current,
  nobody,
}: {
  current: { id: string; name: string } | null;
  nobody: string;
}) {
  const admins = useResource(assignableAdmins, "admins");
  const list = admins.resource.state === "ready" ? admins.resource.data.items : [];
  const known = !current || list.some((admin) => admin.id === current.id);
  return (
    <>
      <option value="">{nobody}</option>
      {!known && current && <option value={current.id}>{current.name}</option>}
      {list.map((admin) => (
        <option key={admin.id} value={admin.id}>
          {admin.name}
        </option>
      ))}
    </>
  );
}
