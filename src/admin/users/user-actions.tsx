import { useLocation } from "wouter";
import type { UserDetail } from "../../shared/users-schemas.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/confirm.ts";
import { runUserAction } from "./run-user-action.ts";
import { userListHref } from "./use-user-list-query.ts";
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
  const { t } = useT();
  const [, navigate] = useLocation();
  const name = user.name;

  const toggle = () =>
    user.enabled
      ? confirmAction({
          type: "danger",
          heading: t("user.confirm.banTitle", { name }),
          body: t("user.confirm.banBody", { name }),
          confirmLabel: t("user.action.ban"),
          onConfirm: async () => {
            const changed = await runUserAction(() => usersApi.ban(user.id), "user.banned");
            if (changed) onChange(changed);
          },
        })
      : confirmAction({
          type: "info",
          heading: t("user.confirm.enableTitle", { name }),
          body: t("user.confirm.enableBody", { name }),
          confirmLabel: t("user.action.enable"),
          onConfirm: async () => {
            const changed = await runUserAction(() => usersApi.enable(user.id), "user.enabled");
            if (changed) onChange(changed);
          },
        });

  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("user.confirm.deleteTitle", { name }),
      body: t("user.confirm.deleteBody"),
      confirmLabel: t("user.action.delete"),
      onConfirm: async () => {
        const done = await runUserAction(async () => {
          await usersApi.remove(user.id);
          return true;
        }, "user.deleted");
        if (done) navigate(userListHref());
      },
    });

  return (
    <div className="page-actions">
      <Button variant="secondary" onClick={onEdit} disabled={editing}>
        {t("user.action.edit")}
      </Button>
      <Button variant={user.enabled ? "secondary" : "primary"} onClick={toggle}>
        {t(user.enabled ? "user.action.ban" : "user.action.enable")}
      </Button>
      <Button variant="secondary" className="button-danger" onClick={remove}>
        {t("user.action.delete")}
      </Button>
    </div>
  );
}
