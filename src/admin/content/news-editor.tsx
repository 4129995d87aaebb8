import type { AdminNewsPost } from "../../shared/messenger-api.ts";
import { useT } from "../i18n/intl.ts";
import { TextField } from "./content-fields.tsx";
import { NewsPreview } from "./content-previews.tsx";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import {
  type Delivered,
  DeliveredEditorView,
  DeliveredRecordPage,
  useDeliveredForm,
} from "./delivered-editor.tsx";
import {
  emptyNewsForm,
  type NewsFormState,
  newsFormFromRecord,
  newsRequestFromForm,
  validateNewsForm,
} from "./news-form-state.ts";
import { RichBodyField } from "./rich-body-field.tsx";

function NewsForm({ projectId, loaded }: { projectId: string; loaded: Delivered<AdminNewsPost> | null }) {
  const { t } = useT();
  const { form, saved, setSaved, submit } = useDeliveredForm({
    projectId,
    kind: "news",
    loaded,
    fromRecord: newsFormFromRecord,
    empty: emptyNewsForm,
    validate: validateNewsForm,
    request: newsRequestFromForm,
  });
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

  return (
    <DeliveredEditorView
      projectId={projectId}
      kind="news"
      form={form}
      saved={Boolean(saved)}
      delivery={saved?.delivery}
      bar={
        saved && (
          <ContentPublishBar
            projectId={projectId}
            kind="news"
            id={saved.record.id}
            name={saved.record.title}
            status={saved.record.status}
            publishedAt={saved.record.publishedAt}
            dirty={form.dirty}
            onStatus={(status) =>
              setSaved({
                ...saved,
                record: {
                  ...saved.record,
                  status,
                  publishedAt: saved.record.publishedAt ?? new Date().toISOString(),
                },
              })
            }
          />
        )
      }
      preview={
        <NewsPreview
          title={state.title}
          preview={state.preview}
          body={state.body}
          cover={state.coverImageUrl}
        />
      }
      onSubmit={submit}
      onDelivery={(delivery) => set({ delivery })}
    >
      {field("title")}
      {field("preview", true)}
      <RichBodyField
        id="news-body"
        label={t("content.field.body")}
        value={state.body}
        error={errorOf("bodyDoc", t("content.field.body"))}
        projectId={projectId}
        // The server names the document `bodyDoc`: an edit clears its error too.
        onChange={(body) => form.update((current) => ({ ...current, body }), ["body", "bodyDoc"])}
      />
      <div className="form-row">
        {field("coverImageUrl")}
        {field("authorName")}
      </div>
    </DeliveredEditorView>
  );
}

/** `/dashboard/content/{project}/news/create` and `…/{id}/edit`: a post and its announcement. */
export function NewsEditor({ projectId, id }: { projectId: string; id: string | undefined }) {
  return (
    <DeliveredRecordPage projectId={projectId} kind="news" id={id} recordName={(post) => post.title}>
      {(loaded) => <NewsForm key={loaded?.record.id ?? "new"} projectId={projectId} loaded={loaded} />}
    </DeliveredRecordPage>
  );
}
