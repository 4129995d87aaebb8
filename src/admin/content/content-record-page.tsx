import type { ReactNode } from "react";
import { useT } from "../i18n/intl.ts";
import { RecordFormPage } from "../shell/form/record-form-page.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import type { ContentKind } from "./content-kinds.ts";
import { contentListPath } from "./content-paths.ts";

/**
 * The page around every content editor (`…/create` and `…/{id}/edit`): loads the record (nothing when
 * creating), shows its loading, missing and error states, and titles the page and the tab with the
 * kind and the record's name. The kind's form is drawn by `children` once the record is there.
 */
export function ContentRecordPage<T>({
  projectId,
  kind,
  id,
  load,
  recordName,
  children,
}: {
  projectId: string;
  kind: ContentKind;
  id: string | undefined;
  /** The record with `id`; called only when editing. */
  load: (id: string) => Promise<T>;
  recordName: (record: T) => string;
  children: (record: T | null, reload: () => void) => ReactNode;
}) {
  const { t } = useT();
  return (
    <RecordFormPage
      id={id}
      scope={`${projectId}/`}
      load={load}
      area="content"
      titleId="content-form-title"
      title={t(id ? "content.editTitle" : "content.createTitle", { kind: t(`content.one.${kind}`) })}
      recordName={recordName}
      back={<BackLink href={listHref(contentListPath(projectId, kind))} />}
    >
      {children}
    </RecordFormPage>
  );
}
