import { Fragment, type ReactNode } from "react";
import { useParams } from "wouter";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { BackLink } from "../layout/back-link.tsx";
import type { RecordArea } from "./form-record-status.tsx";
import { RecordFormPage } from "./record-form-page.tsx";

/**
 * A record's `/create` and `/:id/edit` screen: the id comes from the route, the heading reads
 * `createTitle` or `editTitle`, and the back link goes to `backHref(id)` (the record, or the list when
 * creating); `actions` sit beside the heading while editing. The form is drawn afresh for each record,
 * so nothing typed for one is kept for another.
 */
export function RecordFormRoute<T extends { id: string }>({
  load,
  area,
  titleId,
  createTitle,
  editTitle,
  recordName,
  backHref,
  actions,
  children,
}: {
  load: (id: string) => Promise<T>;
  area: RecordArea;
  titleId: string;
  createTitle: MessageId;
  editTitle: MessageId;
  recordName: (record: T) => string;
  backHref: (id: string | undefined) => string;
  actions?: (record: T) => ReactNode;
  children: (record: T | null) => ReactNode;
}) {
  const { t } = useT();
  const { id } = useParams<{ id?: string }>();
  return (
    <RecordFormPage
      id={id}
      load={load}
      area={area}
      titleId={titleId}
      title={t(id ? editTitle : createTitle)}
      recordName={recordName}
      back={<BackLink href={backHref(id)} />}
      actions={actions}
    >
      {(record) => <Fragment key={record?.id ?? "new"}>{children(record)}</Fragment>}
    </RecordFormPage>
  );
}
