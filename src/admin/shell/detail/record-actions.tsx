import type { ReactNode } from "react";
import { Link } from "wouter";
import { useT } from "../../i18n/intl.ts";
import { Button, buttonClass } from "../button.tsx";
import type { MessagePrefix } from "../message-prefix.ts";

/** The message prefixes with a record screen's edit and delete labels. */
type RecordActionsPrefix = MessagePrefix<".action.edit", ".action.delete">;

/**
 * The buttons beside a record screen's heading: `leading` links, the edit link
 * (`{messages}.action.edit`), the area's own links (`children`), and delete (`.action.delete`).
 */
export function RecordActions({
  messages,
  editHref,
  onDelete,
  leading,
  children,
}: {
  messages: RecordActionsPrefix;
  editHref: string;
  onDelete: () => void;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="page-actions">
      {leading}
      <Link href={editHref} className={buttonClass({ variant: "primary" })}>
        {t(`${messages}.action.edit`)}
      </Link>
      {children}
      <Button variant="secondary" className="button-danger" onClick={onDelete}>
        {t(`${messages}.action.delete`)}
      </Button>
    </div>
  );
}
