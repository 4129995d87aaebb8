import { useId, useState } from "react";
import { type StaffRole, staffRoles, type TeamMember } from "../../shared/team-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { type ListColumn, RecordTable } from "../shell/list/record-table.tsx";
import { runAction } from "../shell/overlay/run-action.ts";
import { confirmTeamRemoval } from "./confirm-team-removal.ts";
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

/** The member's name (with "you" for the signed-in one), handle, address and whether the account is off. */
function MemberName({ member, isMe }: Pick<RowProps, "member" | "isMe">) {
  const { t } = useT();
  return (
    <span className="team-member-name">
      <strong>
        {member.displayName ?? member.name}
        {isMe && ` (${t("team.you")})`}
      </strong>
      <span className="subtle">
        @{member.name} · {member.email}
      </span>
      {!member.enabled && <span className="badge badge-danger">{t("team.disabled")}</span>}
    </span>
  );
}

function MemberRole(props: RowProps) {
  const { member, onChanged } = props;
  const { t } = useT();
  const may = permissions(props);
  const changeRole = async (role: StaffRole) => {
    const outcome = await runAction(() => teamApi.update(member.id, { role }), "team.roleChanged");
    if (outcome.ok || outcome.reload) onChanged();
  };
  return (
    <select
      className="team-role-select"
      aria-label={t("team.roleOf", { name: member.displayName ?? member.name })}
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
  );
}

function RemoveMember(props: RowProps) {
  const { member, onChanged } = props;
  const tr = useT();
  const { t } = tr;
  if (!permissions(props).remove) return null;
  const remove = () =>
    confirmTeamRemoval(
      tr,
      "team.remove",
      { name: member.displayName ?? member.name },
      () => teamApi.remove(member.id),
      onChanged,
    );
  return (
    <Button size="sm" variant="secondary" onClick={remove}>
      {t("team.remove")}
    </Button>
  );
}

const memberColumns: ListColumn<RowProps & { id: string }>[] = [
  { label: "team.column.member", cell: (row) => <MemberName {...row} /> },
  { label: "team.column.role", cell: (row) => <MemberRole {...row} /> },
  {
    label: "team.column.projects",
    cell: (row) => <MemberProjects {...row} editable={permissions(row).editProjects} />,
  },
  { label: "team.column.actions", cell: (row) => <RemoveMember {...row} /> },
];

const memberRow = () => ({ "data-testid": "team-member" });

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
  const rows = data.team.members.map((member) => ({
    id: member.id,
    member,
    projects: data.projects,
    isMe: member.id === myId,
    myRole,
    onChanged,
  }));
  return (
    <section className="detail-card team-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("team.members")}</h2>
      <p className="subtle">{t("team.rolesHint")}</p>
      <RecordTable rows={rows} columns={memberColumns} labelled={false} rowProps={memberRow} />
    </section>
  );
}
