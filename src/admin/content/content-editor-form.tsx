import type { FormEvent, ReactNode } from "react";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import type { ContentKind } from "./content-kinds.ts";
import { contentListPath } from "./content-paths.ts";

/**
 * A content editor's form beside its `preview`: the sections (`children`), then save (create while the
 * record is new), the `links` and Cancel back to the kind's list.
 */
export function ContentEditorForm({
  projectId,
  kind,
  busy,
  saved,
  links,
  preview,
  onSubmit,
  children,
}: {
  projectId: string;
  kind: ContentKind;
  busy: boolean;
  saved: boolean;
  links?: ReactNode;
  preview: ReactNode;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="content-editor">
      <form className="entity-form content-form" noValidate onSubmit={onSubmit}>
        {children}
        <FormActions
          busy={busy}
          busyLabel={t("content.saving")}
          submitLabel={t(saved ? "content.save" : "content.createButton")}
        >
          {links}
          <FormCancelLink href={listHref(contentListPath(projectId, kind))}>
            {t("content.cancel")}
          </FormCancelLink>
        </FormActions>
      </form>
      {preview}
    </div>
  );
}

/** The editor's "Content" card: what visitors read. */
export function ContentSection({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <section className="detail-card">
      <h2>{t("content.section.content")}</h2>
      {children}
    </section>
  );
}
