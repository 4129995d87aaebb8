import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import type { AdminNewsPost } from "../../shared/messenger-api.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { findDelivery, saveDelivery } from "./content-actions.ts";
import { contentApi } from "./content-api.ts";
import { TextField } from "./content-fields.tsx";
import { contentEditHref, contentListPath } from "./content-paths.ts";
import { NewsPreview } from "./content-previews.tsx";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import { ContentRecordPage } from "./content-record-page.tsx";
import { DeliveryFields } from "./delivery-fields.tsx";
import { deliveryFromOutbound } from "./delivery-state.ts";
import {
  emptyNewsForm,
  type NewsFormState,
  newsFormFromRecord,
  newsRequestFromForm,
  validateNewsForm,
} from "./news-form-state.ts";

interface Loaded {
  post: AdminNewsPost;
  delivery: AdminOutbound | null;
}

function NewsForm({ projectId, loaded }: { projectId: string; loaded: Loaded | null }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [saved, setSaved] = useState(loaded);
  const form = useFormState<NewsFormState>(
    () =>
      loaded ? newsFormFromRecord(loaded.post, deliveryFromOutbound(loaded.delivery, "news")) : emptyNewsForm,
    validateNewsForm,
  );
  const { state } = form;
  const errorOf = (path: string, label: string) => form.errorOf(path, label);
  const set = (change: Partial<NewsFormState>) =>
    form.update((current) => ({ ...current, ...change }), Object.keys(change));
  const field = (key: "title" | "preview" | "coverImageUrl" | "authorName", multiline = false) => (
    <TextField
      id={`news-${key}`}
      label={t(`content.field.${key}`)}
      value={state[key]}
      multiline={multiline}
      rows={2}
      error={errorOf(key, t(`content.field.${key}`))}
      onChange={(value) => set({ [key]: value })}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const body = newsRequestFromForm(state, saved?.post.status ?? "draft");
    await form.save(async () => {
      const post = saved
        ? await contentApi.news.update(projectId, saved.post.id, body)
        : await contentApi.news.create(projectId, body);
      const delivery = await saveDelivery(projectId, "news", post, state.delivery, saved?.delivery ?? null);
      setSaved({ post, delivery });
      showToast({ type: "success", heading: saved ? "content.saved" : "content.created" });
      if (!saved) navigate(contentEditHref(projectId, "news", post.id), { replace: true });
    });
  };

  return (
    <>
      {saved && (
        <ContentPublishBar
          projectId={projectId}
          kind="news"
          id={saved.post.id}
          name={saved.post.title}
          status={saved.post.status}
          publishedAt={saved.post.publishedAt}
          dirty={form.dirty}
          onStatus={(status) =>
            setSaved({
              ...saved,
              post: {
                ...saved.post,
                status,
                publishedAt: saved.post.publishedAt ?? new Date().toISOString(),
              },
            })
          }
        />
      )}
      <div className="content-editor">
        <form className="entity-form content-form" noValidate onSubmit={submit}>
          <section className="detail-card">
            <h2>{t("content.section.content")}</h2>
            {field("title")}
            {field("preview", true)}
            <TextField
              id="news-body"
              label={t("content.field.body")}
              value={state.body}
              hint={t("content.field.bodyHint")}
              multiline
              rows={10}
              code
              error={errorOf("body", t("content.field.body"))}
              onChange={(body) => set({ body })}
            />
            <div className="form-row">
              {field("coverImageUrl")}
              {field("authorName")}
            </div>
          </section>
          <DeliveryFields
            kind="news"
            delivery={state.delivery}
            errorOf={errorOf}
            onChange={(delivery) => set({ delivery })}
          />
          <FormActions
            busy={form.busy}
            busyLabel={t("content.saving")}
            submitLabel={t(saved ? "content.save" : "content.createButton")}
          >
            <FormCancelLink href={listHref(contentListPath(projectId, "news"))}>
              {t("content.cancel")}
            </FormCancelLink>
          </FormActions>
        </form>
        <NewsPreview
          title={state.title}
          preview={state.preview}
          body={state.body}
          cover={state.coverImageUrl}
        />
      </div>
    </>
  );
}

/** `/dashboard/content/{project}/news/create` and `…/{id}/edit`: a post and its announcement. */
export function NewsEditor({ projectId, id }: { projectId: string; id: string | undefined }) {
  return (
    <ContentRecordPage<Loaded>
      projectId={projectId}
      kind="news"
      id={id}
      load={async (postId) => {
        const [post, delivery] = await Promise.all([
          contentApi.news.get(projectId, postId),
          findDelivery(projectId, "news", postId),
        ]);
        return { post, delivery };
      }}
      recordName={(loaded) => loaded.post.title}
    >
      {(loaded) => <NewsForm key={loaded?.post.id ?? "new"} projectId={projectId} loaded={loaded} />}
    </ContentRecordPage>
  );
}
