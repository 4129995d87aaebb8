import type { ChallengeStatus } from "../../shared/challenges-api.ts";
import { useT } from "../i18n/intl.ts";

const statusLook: Record<ChallengeStatus, string> = {
  DRAFT: "challenge-badge-draft",
  PUBLISHED: "badge-success",
  ARCHIVED: "challenge-badge-archived",
};

/** A challenge's status as a coloured badge: drafts amber, published green, archived grey. */
export function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  const { t } = useT();
  return <span className={`badge ${statusLook[status]}`}>{t(`challenge.status.${status}`)}</span>;
}
