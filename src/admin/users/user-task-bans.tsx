import type { UserDetail } from "../../shared/users-api.ts";
import { useT } from "../i18n/intl.ts";
import { TaskBanCard } from "./task-ban-card.tsx";

/** The create-task and report-task bans of a user, side by side. */
export function UserTaskBans({ user, onChange }: { user: UserDetail; onChange: () => void }) {
  const { t } = useT();
  return (
    <section className="detail-card detail-wide">
      <h2>{t("user.section.bans")}</h2>
      <div className="ban-grid">
        <TaskBanCard userId={user.id} kind="create-task" ban={user.bans.createTask} onChange={onChange} />
        <TaskBanCard userId={user.id} kind="report-task" ban={user.bans.reportTask} onChange={onChange} />
      </div>
    </section>
  );
}
