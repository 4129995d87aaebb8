import { type BanKind, banKinds, type UserBan } from "../../shared/users-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { TaskBanForm } from "./task-ban-form.tsx";
import { usersApi } from "./users-api.ts";

/** One of the two task bans (spec §4): the active one with a lift button, or a form to set it. */
export function TaskBanCard({
  userId,
  kind,
  ban,
  onChange,
}: {
  userId: string;
  kind: BanKind;
  ban: UserBan | null;
  onChange: () => void;
}) {
  const { t } = useT();
  const format = useFormatters();
  const action = banKinds[kind];

  /** A ban is destructive like every other: the dialog says what it will do before it is stored. */
  const set = async ({ reason, days }: { reason: string; days: number | null }) => {
    const body = { ...(reason ? { reason } : {}), days };
    confirmAction({
      type: "danger",
      heading: t(`ban.confirm.heading.${action}`),
      body: [
        days === null
          ? t("ban.confirm.permanent")
          : t("ban.confirm.days", {
              days,
              date: format.date(new Date(Date.now() + days * 86_400_000).toISOString()),
            }),
        reason ? t("ban.confirm.reason", { reason }) : t("ban.noReason"),
      ].join(" "),
      confirmLabel: t("ban.set"),
      onConfirm: async () => {
        if ((await runAction(() => usersApi.setBan(userId, kind, body), `ban.setDone.${action}`)).ok)
          onChange();
      },
    });
  };
  const lift = async () => {
    if ((await runAction(() => usersApi.liftBan(userId, kind), `ban.liftDone.${action}`)).ok) onChange();
  };

  return (
    <div className="ban-card" data-testid={`ban-${kind}`}>
      <h3>{t(`ban.${action}`)}</h3>
      {ban ? (
        <>
          <p>
            <span className="badge badge-danger">
              {ban.endsAt ? t("ban.until", { date: format.date(ban.endsAt) }) : t("ban.permanent")}
            </span>
          </p>
          <p>{ban.reason || <span className="subtle-cell">{t("ban.noReason")}</span>}</p>
          <p className="subtle-cell">
            {format.dateTime(ban.startsAt)}
            {ban.admin ? ` · ${t("ban.by", { name: ban.admin.name })}` : ""}
          </p>
          <Button size="sm" variant="secondary" onClick={lift}>
            {t("ban.lift")}
          </Button>
        </>
      ) : (
        <>
          <p>
            <span className="badge badge-success">{t("ban.none")}</span>
          </p>
          <TaskBanForm kind={kind} onSubmit={set} />
        </>
      )}
    </div>
  );
}
