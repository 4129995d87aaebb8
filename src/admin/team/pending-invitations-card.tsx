import { type ReactNode, useId, useState } from "react";
import type { CreatedInvitation, Invitation } from "../../shared/team-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { type ListColumn, RecordTable } from "../shell/list/record-table.tsx";
import { runAction } from "../shell/overlay/run-action.ts";
import { confirmTeamRemoval } from "./confirm-team-removal.ts";
import { InvitationLink } from "./invitation-link.tsx";
import { teamApi } from "./team-api.ts";

const invitationColumns = (
  { t }: Translator,
  expires: (invitation: Invitation) => string,
  actions: (invitation: Invitation) => ReactNode,
): ListColumn<Invitation>[] => [
  { label: "team.column.email", cell: (invitation) => invitation.email },
  { label: "team.column.role", cell: (invitation) => t(`team.role.${invitation.role}`) },
  { label: "team.column.invitedBy", cell: (invitation) => invitation.invitedBy?.name ?? "—" },
  { label: "team.column.expires", cell: expires },
  { label: "team.column.actions", cell: actions },
];

/**
 * The invitations nobody has accepted yet, expired ones included (a resend gives them a new link and
 * time, shown once here when no mail server sends it); revoking asks first, since the link stops
 * working at once.
 */
export function PendingInvitationsCard({
  invitations,
  onChanged,
}: {
  invitations: readonly Invitation[];
  onChanged: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const id = useId();
  const [resent, setResent] = useState<CreatedInvitation | null>(null);
  const expires = (invitation: Invitation) =>
    Date.parse(invitation.expiresAt) <= Date.now()
      ? t("team.expired")
      : new Date(invitation.expiresAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

  const resend = async (invitation: Invitation) => {
    const outcome = await runAction(() => teamApi.resend(invitation.id), "team.resent");
    if (!outcome.ok) return;
    setResent(outcome.value.link ? outcome.value : null);
    onChanged();
  };
  const revoke = (invitation: Invitation) =>
    confirmTeamRemoval(
      tr,
      "team.revoke",
      { email: invitation.email },
      () => teamApi.revoke(invitation.id),
      onChanged,
    );

  return (
    <section
      className="detail-card team-card"
      aria-labelledby={`${id}-title`}
      data-testid="pending-invitations"
    >
      <h2 id={`${id}-title`}>{t("team.pending")}</h2>
      {resent?.link && (
        <InvitationLink email={resent.email} link={resent.link} onClose={() => setResent(null)} />
      )}
      <RecordTable
        rows={invitations}
        columns={invitationColumns(tr, expires, (invitation) => (
          <div className="team-actions">
            <Button variant="secondary" size="sm" onClick={() => resend(invitation)}>
              {t("team.resend")}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => revoke(invitation)}>
              {t("team.revoke")}
            </Button>
          </div>
        ))}
        labelled={false}
        empty={<p className="subtle">{t("team.noPending")}</p>}
      />
    </section>
  );
}
