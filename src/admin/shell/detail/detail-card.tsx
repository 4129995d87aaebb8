import type { ReactNode } from "react";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";

/** `{area}.{part}` for every card title `{area}.section.{part}` that has its `{area}.{part}.empty` text. */
type DetailCardName = {
  [K in MessageId]: K extends `${infer A}.section.${infer P}`
    ? [`${A}.${P}.empty`] extends [MessageId]
      ? `${A}.${P}`
      : never
    : never;
}[MessageId];

/**
 * A titled card of a record's screen (`name` "job.skills": the title `job.section.skills`): what
 * `children` show, or the subdued `job.skills.empty` when there is nothing (`isEmpty`). `testId` names
 * the card for the browser tests.
 */
export function DetailCard({
  name,
  testId,
  isEmpty,
  children,
}: {
  name: DetailCardName;
  testId?: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  const { t } = useT();
  const dot = name.indexOf(".");
  const title = `${name.slice(0, dot)}.section${name.slice(dot)}` as MessageId;
  return (
    <section className="detail-card" data-testid={testId}>
      <h2>{t(title)}</h2>
      {isEmpty ? <p className="subtle-cell">{t(`${name}.empty`)}</p> : children}
    </section>
  );
}
