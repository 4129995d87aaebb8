import { useId, useState } from "react";
import type { CreatedInvitation, Invitation } from "../../shared/team-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { InvitationLink } from "./invitation-link.tsx";
import { teamApi } from "./team-api.ts";

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
  const { t } = useT();
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
    confirmAction({
      type: "danger",
      heading: t("team.revokeHeading", { email: invitation.email }),
      body: t("team.revokeBody"),
      confirmLabel: t("team.revoke"),
      onConfirm: async () => {
        const outcome = await runAction(() => teamApi.revoke(invitation.id), "team.revoked");
        if (outcome.ok) onChanged();
      },
    });

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
      {invitations.length === 0 ? (
        <p className="subtle">{t("team.noPending")}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("team.column.email")}</th>
                <th scope="col">{t("team.column.role")}</th>
                <th scope="col">{t("team.column.invitedBy")}</th>
                <th scope="col">{t("team.column.expires")}</th>
                <th scope="col">{t("team.column.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{t(`team.role.${invitation.role}`)}</td>
                  <td>{invitation.invitedBy?.name ?? "—"}</td>
                  <td>{expires(invitation)}</td>
                  <td>
                    <div className="team-actions">
                      <Button variant="secondary" size="sm" onClick={() => resend(invitation)}>
                        {t("team.resend")}
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => revoke(invitation)}>
                        {t("team.revoke")}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
