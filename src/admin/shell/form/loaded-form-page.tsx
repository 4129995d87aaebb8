import type { ReactNode } from "react";
import { type Resource, useResource } from "../../api/use-resource.ts";
import { useT } from "../../i18n/intl.ts";
import { useDocumentTitle } from "../layout/page-heading.tsx";
import { RetryPanel } from "../retry-panel.tsx";
import { FormPage } from "./form-page.tsx";
import type { RecordArea } from "./form-record-status.tsx";

/**
 * What a form page shows under its heading until its data is there: the area's loading line, its "not
 * found" for a 404, or its error with a retry. Null once it is ready.
 */
export function RecordLoadStatus<T>({
  area,
  resource,
  onRetry,
}: {
  area: RecordArea;
  resource: Resource<T>;
  onRetry: () => void;
}) {
  const { t } = useT();
  if (resource.state === "loading")
    return (
      <p className="subtle" role="status">
        {t(`${area}.loading`)}
      </p>
    );
  if (resource.state !== "error") return null;
  return resource.status === 404 ? (
    <div className="state-panel">
      <h2>{t(`${area}.notFound`)}</h2>
      <p>{t(`${area}.notFoundHint`)}</p>
    </div>
  ) : (
    <RetryPanel error={`${area}.error`} onRetry={onRetry} />
  );
}

/**
 * A create-or-edit screen whose form needs data loaded first, also when creating (the choices it offers,
 * the next free place): the page with its back link and title, the record's name under it (and in the
 * tab, unless `nameInTab` is false), the load's states, then `children` with the data.
 */
export function LoadedFormPage<T>({
  area,
  titleId,
  title,
  back,
  load,
  loadKey,
  recordName,
  nameInTab = true,
  children,
}: {
  area: RecordArea;
  titleId: string;
  title: string;
  back: ReactNode;
  load: () => Promise<T>;
  /** What decides a new load. */
  loadKey: string;
  recordName: (data: T) => string | null;
  nameInTab?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { resource, reload } = useResource(load, loadKey);
  const record = resource.state === "ready" ? recordName(resource.data) : null;
  useDocumentTitle(title, nameInTab ? record : undefined);
  return (
    <FormPage titleId={titleId} title={title} subtitle={record} back={back}>
      <RecordLoadStatus area={area} resource={resource} onRetry={reload} />
      {resource.state === "ready" && children(resource.data)}
    </FormPage>
  );
}
