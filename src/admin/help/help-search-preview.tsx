import { useId, useState } from "react";
import { contentLanguageFor, contentLanguages } from "../../shared/content-languages.ts";
import type { HelpLanguage } from "../../shared/help-center-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
// The names of the widget's languages.
import "../shell/form/language-tabs-messages.ts";
import { InlineCheckbox } from "../shell/inline-checkbox.tsx";
import { helpApi } from "./help-api.ts";
import { HelpStatusBadge } from "./help-status-badge.tsx";

/**
 * What a visitor searching the messenger would find, ranked by the server's own search (the preview
 * route calls the function the widget's search calls), in any of the widget's languages, drafts included
 * on request.
 */
export function HelpSearchPreview({
  projectId,
  initialQuery = "",
}: {
  projectId: string;
  initialQuery?: string;
}) {
  const { t } = useT();
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const [language, setLanguage] = useState<HelpLanguage>("en");
  const [drafts, setDrafts] = useState(true);
  const term = query.trim();
  const { resource } = useResource(
    () =>
      term === ""
        ? Promise.resolve(null)
        : helpApi.searchPreview(projectId, term, language, drafts).then((preview) => preview.results),
    `${projectId}|${term}|${language}|${drafts}`,
  );
  return (
    <section className="card help-preview" aria-labelledby={`${id}-title`} data-testid="help-search-preview">
      <h2 id={`${id}-title`}>{t("help.preview.title")}</h2>
      <p className="subtle">{t("help.preview.hint")}</p>
      <div className="help-preview-controls">
        <div className="field">
          <label htmlFor={`${id}-query`}>{t("help.preview.query")}</label>
          <input
            id={`${id}-query`}
            type="search"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <LanguageChoice id={`${id}-language`} value={language} onChange={setLanguage} />
        <InlineCheckbox
          className="help-check"
          label={t("help.preview.drafts")}
          checked={drafts}
          onChange={setDrafts}
        />
      </div>
      {term === "" ? (
        <p className="subtle">{t("help.preview.typeToSearch")}</p>
      ) : resource.state === "loading" ? (
        <p className="subtle" role="status">
          {t("help.loading")}
        </p>
      ) : resource.state === "error" ? (
        <p className="form-error" role="alert">
          {t("help.preview.error")}
        </p>
      ) : (
        <>
          <p className="subtle" role="status">
            {t("help.preview.results", { count: resource.data?.length ?? 0 })}
          </p>
          <ol className="help-preview-results">
            {(resource.data ?? []).map((result, index) => (
              <li key={result.id} data-testid="help-preview-result">
                <span className="visually-hidden">{t("help.preview.rank", { rank: index + 1 })}</span>
                <div className="help-preview-head">
                  <strong dir="auto">{result.title}</strong>
                  <HelpStatusBadge status={result.status} />
                </div>
                {result.snippet && (
                  <p className="subtle" dir="auto">
                    {result.snippet}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The visitor's language the preview ranks for: any of the widget's. */
function LanguageChoice({
  id,
  value,
  onChange,
}: {
  id: string;
  value: HelpLanguage;
  onChange: (language: HelpLanguage) => void;
}) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t("help.preview.language")}</label>
      <select id={id} value={value} onChange={(event) => onChange(contentLanguageFor(event.target.value))}>
        {contentLanguages.map((code) => (
          <option key={code} value={code}>
            {t(`contentLanguage.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
