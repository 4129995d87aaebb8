import { Link } from "wouter";
import { useT, type Values } from "../../i18n/intl.ts";
import { Button, type ButtonVariant, buttonClass } from "../button.tsx";
import type { MessagePrefix } from "../message-prefix.ts";

/** The message prefixes with a record's edit and delete texts, plain and naming the record. */
type EditDeletePrefix = MessagePrefix<
  ".action.editNamed",
  ".action.edit" | ".action.delete" | ".action.deleteNamed"
>;

/**
 * One record's small edit link and delete button, in a table row or on a card. They read "Edit" and
 * "Delete" (`{messages}.action.edit`, `.delete`), which repeat down a list, so screen readers hear the
 * record's name too (`.editNamed`, `.deleteNamed`, filled with `named`).
 */
export function EditDeleteActions({
  messages,
  named,
  className,
  editHref,
  editVariant,
  onDelete,
}: {
  messages: EditDeletePrefix;
  named: Values;
  className: string;
  editHref: string;
  editVariant: ButtonVariant;
  onDelete: () => void;
}) {
  const { t } = useT();
  return (
    <div className={className}>
      <Link
        href={editHref}
        className={buttonClass({ variant: editVariant, size: "sm" })}
        aria-label={t(`${messages}.action.editNamed`, named)}
      >
        {t(`${messages}.action.edit`)}
      </Link>
      <Button
        variant="tertiary"
        size="sm"
        className="button-danger"
        aria-label={t(`${messages}.action.deleteNamed`, named)}
        onClick={onDelete}
      >
        {t(`${messages}.action.delete`)}
      </Button>
    </div>
  );
}
