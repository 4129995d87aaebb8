import type { FormEvent } from "react";
import { useLocation } from "wouter";
import { type ContentLanguage, contentLanguages } from "../../shared/content-languages.ts";
import type { AdminHelpCollection } from "../../shared/help-center-api.ts";
import { useT } from "../i18n/intl.ts";
import { InputField, TextAreaField } from "../shell/form/form-inputs.tsx";
import { LanguageTabs } from "../shell/form/language-tabs.tsx";
import { ProjectFormRoute } from "../shell/project-form-route.tsx";
import {
  type CollectionFormState,
  type CollectionVersionState,
  collectionErrors,
  collectionForm,
  collectionLanguageWithError,
  collectionWrite,
  withVersion,
} from "./collection-form-state.ts";
import { helpApi } from "./help-api.ts";
import { confirmHelpDelete, HelpFormActions } from "./help-form-actions.tsx";
import { helpCenterPath } from "./help-paths.ts";
import { HelpPositionField } from "./help-position-field.tsx";
import "./help-styles.ts";
import { SuggestionList } from "../shell/suggestion-list.tsx";
import { useHelpForm } from "./use-help-form.ts";

// The names the messenger draws as icons (src/messenger/help/help-screen.tsx); anything else is an emoji or a book.
const collectionIconNames = [
  "rocket",
  "users",
  "settings",
  "card",
  "shield",
  "bolt",
  "flag",
  "book",
  "chat",
  "video",
  "image",
  "file",
];

/** The collection's title and description in each language, a tab each. */
function VersionsFields({
  state,
  language,
  onLanguage,
  hasError,
  error,
  onChange,
}: {
  state: CollectionFormState;
  language: ContentLanguage;
  onLanguage: (language: ContentLanguage) => void;
  hasError: (language: ContentLanguage) => boolean;
  error: (language: ContentLanguage) => string | null;
  onChange: (language: ContentLanguage, change: Partial<CollectionVersionState>) => void;
}) {
  const { t } = useT();
  return (
    <LanguageTabs
      id="collection"
      languages={contentLanguages}
      current={language}
      onSelect={onLanguage}
      hasError={hasError}
      isWritten={(code) => state.versions[code].title.trim() !== ""}
    >
      {(code) => (
        <>
          <InputField
            // English keeps the ids the form had before it spoke other languages.
            id={code === "en" ? "collection-title" : `collection-${code}-title`}
            label={t("help.field.titleIn", { language: code })}
            dir="auto"
            value={state.versions[code].title}
            error={error(code)}
            maxLength={200}
            onChange={(title) => onChange(code, { title })}
          />
          <TextAreaField
            id={code === "en" ? "collection-description" : `collection-${code}-description`}
            label={t("help.field.descriptionIn", { language: code })}
            dir="auto"
            value={state.versions[code].description}
            rows={2}
            maxLength={1000}
            onChange={(description) => onChange(code, { description })}
          />
        </>
      )}
    </LanguageTabs>
  );
}

/** The form itself, once the collection (or, for a new one, the next free position) is known. */
function CollectionForm({
  projectId,
  collection,
  initial,
}: {
  projectId: string;
  collection: AdminHelpCollection | null;
  initial: CollectionFormState;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const { state, update, language, setLanguage, shown, error, busy, form, submit } = useHelpForm({
    initial,
    validate: collectionErrors,
    languageWithError: collectionLanguageWithError,
    refusable: "position",
  });
  const set = (change: Partial<CollectionFormState>) => update((current) => ({ ...current, ...change }));
  const back = helpCenterPath(projectId);

  // A saved form leaves at once.
  const save = (event: FormEvent) =>
    submit(
      event,
      (current) => helpApi.saveCollection(projectId, collection?.id ?? null, collectionWrite(current)),
      () => navigate(back),
    );

  const remove = (stored: AdminHelpCollection) => () =>
    confirmHelpDelete({
      heading: t("help.confirm.deleteCollection", { title: stored.title }),
      body: t("help.confirm.deleteCollectionBody", { count: stored.articleCount }),
      remove: () => helpApi.removeCollection(projectId, stored.id),
      onDeleted: () => navigate(back),
    });

  return (
    <form ref={form} className="card entity-form help-form" onSubmit={save} noValidate>
      <VersionsFields
        state={state}
        language={language}
        onLanguage={setLanguage}
        hasError={(code) => shown[`${code}.title`] !== undefined}
        error={(code) => error(`${code}.title`)}
        onChange={(code, change) => set({ versions: withVersion(state.versions, code, change) })}
      />
      <div className="help-form-row">
        <InputField
          id="collection-icon"
          label={t("help.field.icon")}
          value={state.icon}
          maxLength={40}
          list="collection-icons"
          describedBy="collection-icon-hint"
          onChange={(icon) => set({ icon })}
        />
        <SuggestionList id="collection-icons" values={collectionIconNames} />
        <HelpPositionField
          id="collection-position"
          value={state.position}
          error={error("position")}
          describedBy="collection-position-hint"
          onChange={(position) => set({ position })}
        />
      </div>
      <p className="subtle help-hint" id="collection-icon-hint">
        {t("help.field.iconHint")} <span id="collection-position-hint">{t("help.field.positionHint")}</span>
      </p>
      <HelpFormActions busy={busy} back={back} onDelete={collection && remove(collection)} />
    </form>
  );
}

/** `/dashboard/help/{projectId}/collections/create` and `…/{id}/edit`. */
export default function CollectionFormPage() {
  return (
    <ProjectFormRoute
      area="help"
      titleId="collection-form-title"
      createTitle="help.collectionForm.create"
      editTitle="help.collectionForm.edit"
      backHref={helpCenterPath}
      load={async (projectId, id) => {
        if (id) return { collection: await helpApi.collection(projectId, id), next: 0 };
        const { items } = await helpApi.collections(projectId);
        return { collection: null, next: items.reduce((last, item) => Math.max(last, item.position + 1), 0) };
      }}
      recordName={(data) => data.collection?.title ?? null}
      nameInTab={false}
    >
      {(data, projectId) => (
        <CollectionForm
          projectId={projectId}
          collection={data.collection}
          initial={collectionForm(data.collection, data.next)}
        />
      )}
    </ProjectFormRoute>
  );
}
