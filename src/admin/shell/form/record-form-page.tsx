import type { ReactNode } from "react";
import { useResource } from "../../api/use-resource.ts";
import { useDocumentTitle } from "../layout/page-heading.tsx";
import { FormPage } from "./form-page.tsx";
import { FormRecordStatus, type RecordArea } from "./form-record-status.tsx";

/**
 * A create-or-edit screen's controller and frame (react-admin's `<Edit>` and `<Create>`): with an `id`
 * it loads the record first (the area's loading, "not found" and error states), without one the form
 * starts empty; the tab and the heading name the record (`recordName`, or `subtitle`). `children` draws
 * the form for the record, or for null when creating.
 */
export function RecordFormPage<T>({
  id,
  scope = "",
  load,
  area,
  titleId,
  title,
  recordName,
  subtitle = recordName,
  back,
  actions,
  children,
}: {
  id: string | undefined;
  /** What else decides a new request besides the id (the project of a content record). */
  scope?: string;
  load: (id: string) => Promise<T>;
  area: RecordArea;
  titleId: string;
  title: string;
  recordName: (record: T) => string;
  subtitle?: (record: T) => ReactNode;
  back: ReactNode;
  /** Buttons beside the heading while editing (delete). */
  actions?: (record: T) => ReactNode;
  children: (record: T | null, reload: () => void) => ReactNode;
}) {
  const { resource, reload } = useResource<T | null>(
    () => (id ? load(id) : Promise.resolve(null)),
    `${scope}${id ?? "create"}`,
  );
  const record = resource.state === "ready" ? resource.data : null;
  useDocumentTitle(title, record ? recordName(record) : null);

  if (resource.state !== "ready") {
    return (
      <FormRecordStatus resource={resource} area={area} editing={Boolean(id)} back={back} onRetry={reload} />
    );
  }
  return (
    <FormPage
      titleId={titleId}
      title={title}
      subtitle={record ? subtitle(record) : null}
      back={back}
      actions={record && actions ? actions(record) : undefined}
    >
      {children(record, reload)}
    </FormPage>
  );
}
