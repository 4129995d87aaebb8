import { useSnapshot } from "valtio";
import type { Invitation, Team } from "../../shared/team-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { sessionState } from "../session/session-store.ts";
import { staffRoleOf } from "../session/staff-role.ts";
import { ResourceStates } from "../shell/detail/detail-status.tsx";
import { PageHeader } from "../shell/layout/page-header.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { InviteCard } from "./invite-card.tsx";
import { MembersCard } from "./members-card.tsx";
import { PendingInvitationsCard } from "./pending-invitations-card.tsx";
import { teamApi } from "./team-api.ts";
import { TeamSecurityCard } from "./team-security-card.tsx";
import "./team-texts.ts";

export interface TeamScreenData {
  team: Team;
  invitations: Invitation[];
  projects: Array<{ id: string; name: string }>;
}

async function loadTeamScreen(): Promise<TeamScreenData> {
  const [team, invitations, projects] = await Promise.all([
    teamApi.team(),
    teamApi.invitations(),
    teamApi.projects(),
  ]);
  return { team, invitations: invitations.items, projects: projects.items };
}

/**
 * `/dashboard/team` (src/shared/team-api.ts): the members with their roles and projects (role and
 * membership changed in place, removal after a confirmation), the invitation form, the pending
 * invitations with resend and revoke, and, for owners, the workspace's two-factor rule. Every change
 * reads the screen again, so it shows what the server now holds.
 */
export default function TeamPage() {
  const { t } = useT();
  useDocumentTitle(t("team.title"));
  const { user } = useSnapshot(sessionState);
  const myRole = staffRoleOf(user);
  const { resource, reload, refresh } = useResource(loadTeamScreen, "team");

  return (
    <section className="team-page" aria-labelledby="team-title">
      <PageHeader id="team-title" title={t("team.title")} subtitle={t("team.subtitle")} />
      <ResourceStates resource={resource} loading="team.loading" error="team.error" onRetry={reload}>
        {(data) => (
          <>
            <InviteCard projects={data.projects} canInviteOwners={myRole === "owner"} onInvited={refresh} />
            <PendingInvitationsCard invitations={data.invitations} onChanged={refresh} />
            <MembersCard data={data} myId={user?.id ?? ""} myRole={myRole} onChanged={refresh} />
            <TeamSecurityCard
              mfaRequired={data.team.mfaRequired}
              editable={myRole === "owner"}
              onChanged={refresh}
            />
          </>
        )}
      </ResourceStates>
    </section>
  );
}
