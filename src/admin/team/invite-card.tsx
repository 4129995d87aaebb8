import { type FormEvent, useId, useState } from "react";
import { type CreatedInvitation, InvitationCreate, type StaffRole } from "../../shared/team-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { fieldErrors } from "../shell/form/form-errors.ts";
import { useBusyAction } from "../shell/overlay/use-busy-action.ts";
import { InvitationLink } from "./invitation-link.tsx";
import { ProjectChoices } from "./project-choices.tsx";
import { teamApi } from "./team-api.ts";

/** The role an invitation gives; only an owner may invite an owner. */
function RoleField({
  role,
  onChange,
  canInviteOwners,
}: {
  role: StaffRole;
  onChange: (role: StaffRole) => void;
  canInviteOwners: boolean;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t("team.role")}</label>
      <select
        id={id}
        name="role"
        value={role}
        onChange={(event) => onChange(event.target.value as StaffRole)}
      >
        <option value="agent">{t("team.role.agent")}</option>
        <option value="admin">{t("team.role.admin")}</option>
        {canInviteOwners && <option value="owner">{t("team.role.owner")}</option>}
      </select>
    </div>
  );
}

/**
 * Invites a colleague by e-mail with a role and, for an agent, their projects. Without a mail server
 * the answer carries the link: it is shown here once (InvitationLink) for the inviter to pass on.
 */
export function InviteCard({
  projects,
  canInviteOwners,
  onInvited,
}: {
  projects: ReadonlyArray<{ id: string; name: string }>;
  canInviteOwners: boolean;
  onInvited: () => void;
}) {
  const { t, translate } = useT();
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("agent");
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim(), role, projectIds: role === "agent" ? projectIds : [] };
    const problem = fieldErrors(body, InvitationCreate).email;
    if (problem) return setError(translate(problem));
    setError(null);
    const outcome = await run(
      () => teamApi.invite(body),
      (answer) => ({ heading: t("team.invited", { email: answer.email }) }),
    );
    if (!outcome.ok) return;
    setCreated(outcome.value.link ? outcome.value : null);
    setEmail("");
    setProjectIds([]);
    onInvited();
  };

  return (
    <section className="detail-card team-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("team.invite")}</h2>
      <p className="subtle">{t("team.inviteHint")}</p>
      <form className="team-invite-form" onSubmit={submit} noValidate aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t("team.email")}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-email-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {error && (
            <span className="field-error" id={`${id}-email-error`}>
              {error}
            </span>
          )}
        </div>
        <RoleField role={role} onChange={setRole} canInviteOwners={canInviteOwners} />
        {role === "agent" && (
          <ProjectChoices
            legend={t("team.projects")}
            projects={projects}
            chosen={projectIds}
            onChange={setProjectIds}
          />
        )}
        <div className="team-invite-actions">
          <p className="subtle">{role === "agent" ? t("team.projectsHint") : t("team.allProjectsHint")}</p>
          <Button type="submit" disabled={busy}>
            {t("team.sendInvitation")}
          </Button>
        </div>
      </form>
      {created?.link && (
        <InvitationLink email={created.email} link={created.link} onClose={() => setCreated(null)} />
      )}
    </section>
  );
}
