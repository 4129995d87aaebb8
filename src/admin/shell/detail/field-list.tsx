import type { ReactNode } from "react";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";

export interface Field {
  label: MessageId;
  value: ReactNode;
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
