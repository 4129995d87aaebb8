import { useLocation } from "wouter";
import type { UserDetail } from "../../shared/users-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
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
            const banned = await runAction(() => usersApi.ban(user.id), "user.banned");
            if (banned.ok) onChange(banned.value);
          },
        })
      : confirmAction({
          type: "info",
          heading: t("user.confirm.enableTitle", { name }),
          body: t("user.confirm.enableBody", { name }),
          confirmLabel: t("user.action.enable"),
          onConfirm: async () => {
            const enabled = await runAction(() => usersApi.enable(user.id), "user.enabled");
            if (enabled.ok) onChange(enabled.value);
          },
        });

  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("user.confirm.deleteTitle", { name }),
      body: t("user.confirm.deleteBody"),
      confirmLabel: t("user.action.delete"),
      onConfirm: async () => {
        if ((await runAction(() => usersApi.remove(user.id), "user.deleted")).ok) navigate(userListHref());
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
