import { useId, useState } from "react";
import { type StaffRole, staffRoles, type TeamMember } from "../../shared/team-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { ProjectChoices } from "./project-choices.tsx";
import { teamApi } from "./team-api.ts";
import type { TeamScreenData } from "./team-page.tsx";

interface RowProps {
  member: TeamMember;
  projects: TeamScreenData["projects"];
  isMe: boolean;
  myRole: StaffRole | null;
  onChanged: () => void;
}

/** What the signed-in member may do to `member`: the server's rules, so no button only leads to a 403. */
function permissions({ member, isMe, myRole }: Pick<RowProps, "member" | "isMe" | "myRole">) {
  const manager = myRole === "owner" || myRole === "admin";
  const touchable = manager && (member.role !== "owner" || myRole === "owner");
  return {
    changeRole: touchable && !isMe,
    roles: staffRoles.filter((role) => role !== "owner" || myRole === "owner"),
    editProjects: touchable,
    remove: touchable && !isMe,
  };
}

function MemberProjects({
  member,
  projects,
  editable,
  onChanged,
}: Omit<RowProps, "isMe" | "myRole"> & { editable: boolean }) {
  const { t } = useT();
  const [editing, setEditing] = useState<string[] | null>(null);
  if (member.role !== "agent") return <span className="subtle">{t("team.allProjects")}</span>;
  const names = member.projectIds.map((id) => projects.find((project) => project.id === id)?.name ?? id);
  const save = async () => {
    const outcome = await runAction(
      () => teamApi.update(member.id, { projectIds: editing ?? [] }),
      "team.projectsSaved",
    );
    if (!outcome.ok) return;
    setEditing(null);
    onChanged();
  };
  if (editing)
    return (
      <div className="team-member-projects">
        <ProjectChoices
          legend={t("team.projectsOf", { name: member.name })}
          projects={projects}
          chosen={editing}
          onChange={setEditing}
        />
        <div className="team-actions">
          <Button size="sm" onClick={save}>
            {t("team.saveProjects")}
          </Button>
          <Button size="sm" variant="tertiary" onClick={() => setEditing(null)}>
            {t("form.cancel")}
          </Button>
        </div>
      </div>
    );
  return (
    <div className="team-member-projects">
      {names.length === 0 ? (
        <span className="subtle">{t("team.noProjects")}</span>
      ) : (
        <ul className="team-project-names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
      {editable && (
        <Button size="sm" variant="secondary" onClick={() => setEditing([...member.projectIds])}>
          {t("team.editProjects")}
        </Button>
      )}
    </div>
  );
}

function MemberRow(props: RowProps) {
  const { member, isMe, onChanged } = props;
  const { t } = useT();
  const may = permissions(props);
  const name = member.displayName ?? member.name;
  const changeRole = async (role: StaffRole) => {
    const outcome = await runAction(() => teamApi.update(member.id, { role }), "team.roleChanged");
    if (outcome.ok || outcome.reload) onChanged();
  };
  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("team.removeHeading", { name }),
      body: t("team.removeBody"),
      confirmLabel: t("team.remove"),
      onConfirm: async () => {
        const outcome = await runAction(() => teamApi.remove(member.id), "team.removed");
        if (outcome.ok) onChanged();
      },
    });
  return (
    <tr data-testid="team-member">
      <td>
        <span className="team-member-name">
          <strong>
            {name}
            {isMe && ` (${t("team.you")})`}
          </strong>
          <span className="subtle">
            @{member.name} · {member.email}
          </span>
          {!member.enabled && <span className="badge badge-danger">{t("team.disabled")}</span>}
        </span>
      </td>
      <td>
        <select
          className="team-role-select"
          aria-label={t("team.roleOf", { name })}
          value={member.role}
          disabled={!may.changeRole}
          onChange={(event) => changeRole(event.target.value as StaffRole)}
        >
          {(may.changeRole ? may.roles : [member.role]).map((role) => (
            <option key={role} value={role}>
              {t(`team.role.${role}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <MemberProjects {...props} editable={may.editProjects} />
      </td>
      <td>
        {may.remove && (
          <Button size="sm" variant="secondary" onClick={remove}>
            {t("team.remove")}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The team's members with their roles and projects; what one may change follows the server's rules. */
export function MembersCard({
  data,
  myId,
  myRole,
  onChanged,
}: {
  data: TeamScreenData;
  myId: string;
  myRole: StaffRole | null;
  onChanged: () => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <section className="detail-card team-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("team.members")}</h2>
      <p className="subtle">{t("team.rolesHint")}</p>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("team.column.member")}</th>
              <th scope="col">{t("team.column.role")}</th>
              <th scope="col">{t("team.column.projects")}</th>
              <th scope="col">{t("team.column.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.team.members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                projects={data.projects}
                isMe={member.id === myId}
                myRole={myRole}
                onChanged={onChanged}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
