import { useLocation } from "wouter";
import type { UserDetail } from "../../shared/users-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { confirmDelete } from "../shell/overlay/confirm-delete.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { userListHref } from "./user-paths.ts";
import { usersApi } from "./users-api.ts";

/** Edit, ban or enable (by status) and delete; the last two after a confirmation (spec §4, §8). */
export function UserActions({
  user,
  onChange,
  editing,
  onEdit,
}: {
  user: UserDetail;
  onChange: (user: UserDetail) => void;
  editing: boolean;
  onEdit: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const name = user.name;

  // An enabled user is banned (a danger), a banned one enabled again.
  const ban = user.enabled;
  const toggle = () =>
    confirmAction({
      type: ban ? "danger" : "info",
      heading: t(ban ? "user.confirm.banTitle" : "user.confirm.enableTitle", { name }),
      body: t(ban ? "user.confirm.banBody" : "user.confirm.enableBody", { name }),
      confirmLabel: t(ban ? "user.action.ban" : "user.action.enable"),
      onConfirm: async () => {
        const changed = await runAction(
          () => (ban ? usersApi.ban(user.id) : usersApi.enable(user.id)),
          ban ? "user.banned" : "user.enabled",
        );
        if (changed.ok) onChange(changed.value);
      },
    });

  const remove = () =>
    confirmDelete(tr, {
      messages: "user",
      values: { name },
      remove: () => usersApi.remove(user.id),
      onDeleted: () => navigate(userListHref()),
    });

  return (
    <div className="page-actions">
      <Button variant="secondary" onClick={onEdit} disabled={editing}>
        {t("user.action.edit")}
      </Button>
      <Button variant={ban ? "secondary" : "primary"} onClick={toggle}>
        {t(ban ? "user.action.ban" : "user.action.enable")}
      </Button>
      <Button variant="secondary" className="button-danger" onClick={remove}>
        {t("user.action.delete")}
      </Button>
    </div>
  );
}
