import type { ComponentType, FormEvent, ReactNode } from "react";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import type { AdminNewsPost, NewsWrite } from "../../shared/news-api.ts";
import type { AdminSurvey, SurveyWrite } from "../../shared/surveys-api.ts";
import type { FieldErrors } from "../shell/form/form-errors.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { findDelivery, saveDelivery } from "./content-actions.ts";
import { contentApi } from "./content-api.ts";
import { ContentEditorForm, ContentSection } from "./content-editor-form.tsx";
import type { ContentStatus } from "./content-list-query.ts";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import { ContentRecordPage } from "./content-record-page.tsx";
import { DeliveryFields } from "./delivery-fields.tsx";
import { type DeliveredKind, type DeliveryState, deliveryFromOutbound } from "./delivery-state.ts";
import { OutboundStatsPanel } from "./outbound-stats-panel.tsx";
import { useSavedContent } from "./use-saved-content.ts";

// What the news and survey editors share: a record of its own API, delivered by an outbound of the
// project (a notification or a survey) that the editor keeps beside it; the form's content section,
// the delivery fields, the actions and the preview in the same places.

/** A news post or survey as the editor loaded or last saved it, with the outbound delivering it. */
export interface Delivered<R> {
  record: R;
  delivery: AdminOutbound | null;
}

type Record = { news: AdminNewsPost; surveys: AdminSurvey };
type Write = { news: NewsWrite; surveys: SurveyWrite };
type FormOf<S> = ReturnType<typeof useFormState<S>>;

/**
 * The editor's form (from the loaded record and its delivery, else `empty`), its saved record, its
 * submit and its status change: the record is created or replaced, then its delivery; a new record's
 * editor moves to its edit address. `withStatus` is the saved record once published or unpublished.
 */
export function useDeliveredForm<K extends DeliveredKind, S extends { delivery: DeliveryState }>({
  projectId,
  kind,
  loaded,
  fromRecord,
  empty,
  validate,
  request,
  withStatus = (record, status) => ({ ...record, status }),
}: {
  projectId: string;
  kind: K;
  loaded: Delivered<Record[K]> | null;
  fromRecord: (record: Record[K], delivery: DeliveryState) => S;
  empty: S;
  validate: (state: S) => FieldErrors;
  /** The record's body from the form, keeping the saved status (a new record is a draft). */
  request: (state: S, status: ContentStatus) => Write[K];
  withStatus?: (record: Record[K], status: ContentStatus) => Record[K];
}) {
  const form = useFormState<S>(
    () => (loaded ? fromRecord(loaded.record, deliveryFromOutbound(loaded.delivery, kind)) : empty),
    validate,
  );
  const { saved, setSaved, store } = useSavedContent(projectId, kind, loaded, (stored) => stored.record.id);
  const api = contentApi[kind] as unknown as {
    create: (projectId: string, body: Write[K]) => Promise<Record[K]>;
    update: (projectId: string, id: string, body: Write[K]) => Promise<Record[K]>;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const { state } = form;
    const body = request(state, saved?.record.status ?? "draft");
    await form.save(() =>
      store(async (current) => {
        const record = current
          ? await api.update(projectId, current.record.id, body)
          : await api.create(projectId, body);
        const delivery = await saveDelivery(
          projectId,
          kind,
          record,
          state.delivery,
          current?.delivery ?? null,
        );
        return { record, delivery };
      }),
    );
  };

  const onStatus = (status: ContentStatus) =>
    setSaved((current) => current && { ...current, record: withStatus(current.record, status) });

  return { form, saved, submit, onStatus };
}

/**
 * The editor's screen: the publish bar (once saved) and the delivery's reach (once it went live), then
 * the form (the content section's `children`, `more` sections, the delivery and the actions with
 * `links` before Cancel) beside the `preview`.
 */
export function DeliveredEditorView<K extends DeliveredKind, S extends { delivery: DeliveryState }>({
  projectId,
  kind,
  editor,
  publishedAt,
  deleteBody,
  more,
  links,
  preview,
  onSubmit = editor.submit,
  onDelivery,
  children,
}: {
  projectId: string;
  kind: K;
  editor: {
    form: FormOf<S>;
    saved: Delivered<Record[K]> | null;
    submit: (event: FormEvent) => void;
    onStatus: (status: ContentStatus) => void;
  };
  /** When the saved record went live, where its kind keeps it. */
  publishedAt?: string | null;
  /** What deleting takes with it, where the kind says more than the default. */
  deleteBody?: string;
  more?: ReactNode;
  links?: ReactNode;
  preview: ReactNode;
  onSubmit?: (event: FormEvent) => void;
  onDelivery: (delivery: DeliveryState) => void;
  children: ReactNode;
}) {
  const { form, saved } = editor;
  const delivery = saved?.delivery;
  return (
    <>
      {saved && (
        <ContentPublishBar
          projectId={projectId}
          kind={kind}
          id={saved.record.id}
          name={saved.record.title}
          status={saved.record.status}
          publishedAt={publishedAt}
          dirty={form.dirty}
          deleteBody={deleteBody}
          onStatus={editor.onStatus}
        />
      )}
      {delivery?.publishedAt && (
        <OutboundStatsPanel projectId={projectId} outboundId={delivery.id} type={delivery.type} />
      )}
      <ContentEditorForm
        projectId={projectId}
        kind={kind}
        busy={form.busy}
        saved={Boolean(saved)}
        links={links}
        preview={preview}
        onSubmit={onSubmit}
      >
        <ContentSection>{children}</ContentSection>
        {more}
        <DeliveryFields
          kind={kind}
          delivery={form.state.delivery}
          errorOf={(path, label) => form.errorOf(path, label)}
          onChange={onDelivery}
        />
      </ContentEditorForm>
    </>
  );
}

/** What a delivered kind's form is given: its project, and its record with its delivery (null creating). */
export interface DeliveredFormProps<R> {
  projectId: string;
  loaded: Delivered<R> | null;
}

/**
 * The `/create` and `/{id}/edit` page of a delivered kind (a news post and its announcement, a survey
 * and its delivery): the record and its delivery loaded together, named by the record's title, then
 * the kind's `form`, drawn afresh for each record so nothing typed for one is kept for another.
 */
export function DeliveredRecordPage<K extends DeliveredKind>({
  projectId,
  kind,
  id,
  form: Form,
}: {
  projectId: string;
  kind: K;
  id: string | undefined;
  form: ComponentType<DeliveredFormProps<Record[K]>>;
}) {
  const api = contentApi[kind] as unknown as { get: (projectId: string, id: string) => Promise<Record[K]> };
  return (
    <ContentRecordPage<Delivered<Record[K]>>
      projectId={projectId}
      kind={kind}
      id={id}
      load={async (recordId) => {
        const [record, delivery] = await Promise.all([
          api.get(projectId, recordId),
          findDelivery(projectId, kind, recordId),
        ]);
        return { record, delivery };
      }}
      recordName={(loaded) => loaded.record.title}
    >
      {(loaded) => <Form key={loaded?.record.id ?? "new"} projectId={projectId} loaded={loaded} />}
    </ContentRecordPage>
  );
}
