import type { AdminHelpCollection } from "../../shared/help-center-api.ts";
import { DraftLiveField } from "../content/draft-live-field.tsx";
import { useT } from "../i18n/intl.ts";
import { InputField, SelectField } from "../shell/form/form-inputs.tsx";
import type { ArticleField, ArticleFormState } from "./article-form-state.ts";
import { HelpPositionField } from "./help-position-field.tsx";

/** What an article's versions share: its collection, status, address (slug) and place in the collection. */
export function ArticleSettingsFields({
  state,
  collections,
  error,
  update,
}: {
  state: ArticleFormState;
  collections: readonly AdminHelpCollection[];
  error: (field: ArticleField) => string | null;
  update: (next: (current: ArticleFormState) => ArticleFormState) => void;
}) {
  const { t } = useT();
  return (
    <div className="card entity-form help-form">
      <div className="help-form-row">
        <SelectField
          id="article-collection"
          label={t("help.field.collection")}
          value={state.collectionId}
          options={collections.map((collection) => ({ value: collection.id, text: collection.title }))}
          error={error("collectionId")}
          onChange={(collectionId) => update((current) => ({ ...current, collectionId }))}
        />
        <DraftLiveField
          id="article-status"
          area="help"
          value={state.status}
          onChange={(status) => update((current) => ({ ...current, status }))}
        />
      </div>
      <div className="help-form-row">
        <InputField
          id="article-slug"
          label={t("help.field.slug")}
          value={state.slug}
          error={error("slug")}
          maxLength={120}
          describedBy="article-slug-hint"
          onChange={(slug) => update((current) => ({ ...current, slug, slugEdited: true }))}
        />
        <HelpPositionField
          id="article-position"
          value={state.position}
          error={error("position")}
          onChange={(position) => update((current) => ({ ...current, position }))}
        />
      </div>
      <p className="subtle help-hint" id="article-slug-hint">
        {t("help.field.slugHint")}
      </p>
    </div>
  );
}
