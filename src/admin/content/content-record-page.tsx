import type { ReactNode } from "react";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { FormPage } from "../shell/form/form-page.tsx";
import { FormRecordStatus } from "../shell/form/form-record-status.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
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
  const { resource, reload } = useResource<T | null>(
    () => (id ? load(id) : Promise.resolve(null)),
    `${projectId}/${id ?? "create"}`,
  );
  const title = t(id ? "content.editTitle" : "content.createTitle", { kind: t(`content.one.${kind}`) });
  const name = resource.state === "ready" && resource.data ? recordName(resource.data) : null;
  useDocumentTitle(title, name);
  const back = <BackLink href={listHref(contentListPath(projectId, kind))} />;
  if (resource.state !== "ready") {
    return (
      <FormRecordStatus
        resource={resource}
        area="content"
        editing={Boolean(id)}
        back={back}
        onRetry={reload}
      />
    );
  }
  return (
    <FormPage titleId="content-form-title" title={title} subtitle={name} back={back}>
      {children(resource.data, reload)}
    </FormPage>
  );
}
