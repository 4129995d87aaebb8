import { type FormEvent, type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import type { AdminNewsPost, NewsWrite } from "../../shared/news-api.ts";
import type { AdminSurvey, SurveyWrite } from "../../shared/surveys-api.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import type { FieldErrors } from "../shell/form/form-errors.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { findDelivery, saveDelivery } from "./content-actions.ts";
import { contentApi } from "./content-api.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { contentEditHref, contentListPath } from "./content-paths.ts";
import { ContentRecordPage } from "./content-record-page.tsx";
import { DeliveryFields } from "./delivery-fields.tsx";
import { type DeliveredKind, type DeliveryState, deliveryFromOutbound } from "./delivery-state.ts";
import { OutboundStatsPanel } from "./outbound-stats-panel.tsx";

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
 * The editor's form (from the loaded record and its delivery, else `empty`), its saved record and its
 * submit: the record is created or replaced, then its delivery; a new record's editor moves to its edit
 * address.
 */
export function useDeliveredForm<K extends DeliveredKind, S extends { delivery: DeliveryState }>({
  projectId,
  kind,
  loaded,
  fromRecord,
  empty,
  validate,
  request,
}: {
  projectId: string;
  kind: K;
  loaded: Delivered<Record[K]> | null;
  fromRecord: (record: Record[K], delivery: DeliveryState) => S;
  empty: S;
  validate: (state: S) => FieldErrors;
  /** The record's body from the form, keeping the saved status (a new record is a draft). */
  request: (state: S, status: ContentStatus) => Write[K];
}) {
  const form = useFormState<S>(
    () => (loaded ? fromRecord(loaded.record, deliveryFromOutbound(loaded.delivery, kind)) : empty),
    validate,
  );
  const [, navigate] = useLocation();
  const [saved, setSaved] = useState(loaded);
  const api = contentApi[kind] as unknown as {
    create: (projectId: string, body: Write[K]) => Promise<Record[K]>;
    update: (projectId: string, id: string, body: Write[K]) => Promise<Record[K]>;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const { state } = form;
    const body = request(state, saved?.record.status ?? "draft");
    await form.save(async () => {
      const record = saved
        ? await api.update(projectId, saved.record.id, body)
        : await api.create(projectId, body);
      const delivery = await saveDelivery(projectId, kind, record, state.delivery, saved?.delivery ?? null);
      setSaved({ record, delivery });
      showToast({ type: "success", heading: saved ? "content.saved" : "content.created" });
      if (!saved) navigate(contentEditHref(projectId, kind, record.id), { replace: true });
    });
  };

  return { form, saved, setSaved, submit };
}

/**
 * The editor's screen: the publish bar (`bar`, once saved), then the form (the content section's
 * `children`, `more` sections, the delivery and the actions with `links` before Cancel) beside the
 * `preview`.
 */
export function DeliveredEditorView<S extends { delivery: DeliveryState }>({
  projectId,
  kind,
  form,
  saved,
  delivery,
  bar,
  more,
  links,
  preview,
  onSubmit,
  onDelivery,
  children,
}: {
  projectId: string;
  kind: DeliveredKind;
  form: FormOf<S>;
  saved: boolean;
  /** The saved outbound delivering the record: its reach shows once it went live. */
  delivery?: AdminOutbound | null;
  bar: ReactNode;
  more?: ReactNode;
  links?: ReactNode;
  preview: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onDelivery: (delivery: DeliveryState) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <>
      {bar}
      {delivery?.publishedAt && (
        <OutboundStatsPanel projectId={projectId} outboundId={delivery.id} type={delivery.type} />
      )}
      <div className="content-editor">
        <form className="entity-form content-form" noValidate onSubmit={onSubmit}>
          <section className="detail-card">
            <h2>{t("content.section.content")}</h2>
            {children}
          </section>
          {more}
          <DeliveryFields
            kind={kind}
            delivery={form.state.delivery}
            errorOf={(path, label) => form.errorOf(path, label)}
            onChange={onDelivery}
          />
          <FormActions
            busy={form.busy}
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
    </>
  );
}

/** The record page of a delivered kind: the record and its delivery loaded together. */
export function DeliveredRecordPage<K extends DeliveredKind>({
  projectId,
  kind,
  id,
  recordName,
  children,
}: {
  projectId: string;
  kind: K;
  id: string | undefined;
  recordName: (record: Record[K]) => string;
  children: (loaded: Delivered<Record[K]> | null) => ReactNode;
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
      recordName={(loaded) => recordName(loaded.record)}
    >
      {children}
    </ContentRecordPage>
  );
}
