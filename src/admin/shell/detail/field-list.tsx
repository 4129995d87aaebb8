import type { ReactNode } from "react";
import { DateTimeAgo } from "../../format/date-time-ago.tsx";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import type { MessagePrefix } from "../message-prefix.ts";

export interface Field {
  label: MessageId;
  value: ReactNode;
}

/** The message prefixes with a record's id, creation and change labels. */
type RecordFieldsPrefix = MessagePrefix<".field.id", ".field.createdAt" | ".field.updatedAt">;

/**
 * A record's details as its card lists them: the id (in code type) first, then `fields`, then when it
 * was created and last changed (`{messages}.field.id`, `.createdAt`, `.updatedAt`).
 */
export function recordFields(
  messages: RecordFieldsPrefix,
  record: { id: string; createdAt: string; updatedAt: string },
  fields: Field[],
): Field[] {
  return [
    { label: `${messages}.field.id`, value: <code>{record.id}</code> },
    ...fields,
    { label: `${messages}.field.createdAt`, value: <DateTimeAgo value={record.createdAt} /> },
    { label: `${messages}.field.updatedAt`, value: <DateTimeAgo value={record.updatedAt} /> },
  ];
}

/** A titled card of label/value pairs; empty values read "Not set". */
export function FieldList({ title, fields }: { title: MessageId; fields: Field[] }) {
  const { t } = useT();
  return (
    <section className="detail-card">
      <h2>{t(title)}</h2>
      <dl className="field-list">
        {fields.map((field) => (
          <div key={field.label} className="field-row">
            <dt>{t(field.label)}</dt>
            <dd>
              {field.value === null || field.value === "" ? (
                <span className="subtle-cell">{t("field.notSet")}</span>
              ) : (
                field.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
