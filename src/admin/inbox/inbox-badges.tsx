import { useT } from "../i18n/intl.ts";
import { priorityLabel, priorityTone, statusLabel, statusTone, typeLabel } from "./inbox-labels.ts";

/** A value this build has no label for (a newer server's status) shows as the server wrote it. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useT();
  const label = statusLabel(status);
  return <span className={`badge ${statusTone(status)}`}>{label ? t(label) : status}</span>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  const { t } = useT();
  const label = priorityLabel(priority);
  return <span className={`badge ${priorityTone(priority)}`}>{label ? t(label) : priority}</span>;
}

export function TypeText({ type }: { type: string }) {
  const { t } = useT();
  const label = typeLabel(type);
  return <>{label ? t(label) : type}</>;
}
