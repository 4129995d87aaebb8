import type { ReactNode } from "react";
import { useParams } from "wouter";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import type { RecordArea } from "./form/form-record-status.tsx";
import { LoadedFormPage } from "./form/loaded-form-page.tsx";
import { BackLink } from "./layout/back-link.tsx";

/**
 * A project's `/create` and `/:id/edit` screen whose form needs data loaded first (see LoadedFormPage):
 * the project and the record's id come from the route, the heading reads `createTitle` or `editTitle`,
 * and the back link goes to `backHref(projectId)`. Another project or record loads again, as does a
 * change of `loadKey` (what else the load reads, such as a query parameter).
 */
export function ProjectFormRoute<T>({
  area,
  titleId,
  createTitle,
  editTitle,
  backHref,
  load,
  loadKey,
  recordName,
  nameInTab,
  children,
}: {
  area: RecordArea;
  titleId: string;
  createTitle: MessageId;
  editTitle: MessageId;
  backHref: (projectId: string) => string;
  load: (projectId: string, id: string | undefined) => Promise<T>;
  loadKey?: string;
  recordName: (data: T) => string | null;
  nameInTab?: boolean;
  children: (data: T, projectId: string) => ReactNode;
}) {
  const { t } = useT();
  const { projectId = "", id } = useParams<{ projectId: string; id?: string }>();
  return (
    <LoadedFormPage
      area={area}
      titleId={titleId}
      title={t(id ? editTitle : createTitle)}
      back={<BackLink href={backHref(projectId)} />}
      load={() => load(projectId, id)}
      loadKey={[projectId, id ?? "", ...(loadKey === undefined ? [] : [loadKey])].join("|")}
      recordName={recordName}
      nameInTab={nameInTab}
    >
      {(data) => children(data, projectId)}
    </LoadedFormPage>
  );
}
