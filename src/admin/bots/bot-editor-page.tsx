import { useParams } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { botApi } from "./bot-api.ts";
import { BotDetailsFields } from "./bot-details-fields.tsx";
import { botForm, newBotForm } from "./bot-form-state.ts";
import { botListPath } from "./bot-paths.ts";
import { BotStepsSection } from "./bot-steps-section.tsx";
import { BotTestRun } from "./bot-test-run.tsx";
import { type BotFormProps, useBotForm } from "./use-bot-form.ts";
import "./bot-styles.ts";

async function loadEditor(projectId: string, id: string | undefined) {
  if (!id) return { bot: null, initial: newBotForm() };
  const bot = await botApi.get(projectId, id);
  // Messages are stored as HTML; the editor opens them as documents, with the editor's own chunk.
  const { htmlToDoc } = await import("../rich-text/html-to-doc.ts");
  return { bot, initial: botForm(bot, htmlToDoc) };
}

function BotForm(props: BotFormProps) {
  const { t } = useT();
  const { projectId, bot } = props;
  const { state, setState, problems, blocking, errors, tried, busy, form, testBot, back, submit, remove } =
    useBotForm(props);

  return (
    <div className="bot-editor">
      <form ref={form} className="bot-editor-form" onSubmit={submit} noValidate>
        <BotDetailsFields
          details={state}
          errors={errors}
          onChange={(change) => setState((current) => ({ ...current, ...change }))}
        />
        <BotStepsSection steps={state.steps} projectId={projectId} problems={problems} update={setState} />
        {tried && blocking.length > 0 && (
          <p className="form-error" role="alert" data-invalid="true" tabIndex={-1}>
            {t("bots.problems", { count: blocking.length })}
          </p>
        )}
        <FormActions busy={busy} busyLabel={t("bots.saving")} submitLabel={t("bots.save")}>
          <FormCancelLink href={back}>{t("confirm.cancel")}</FormCancelLink>
          {bot && (
            <Button type="button" variant="tertiary" className="button-danger" onClick={remove}>
              {t("bots.delete")}
            </Button>
          )}
        </FormActions>
      </form>
      <aside className="bot-editor-side">
        <BotTestRun bot={testBot} blocked={blocking.length > 0} />
      </aside>
    </div>
  );
}

/** `/dashboard/bots/{projectId}/create` and `…/{id}/edit`: the step editor beside its test run. */
export default function BotEditorPage() {
  const { t } = useT();
  const { projectId = "", id } = useParams<{ projectId: string; id?: string }>();
  const title = t(id ? "bots.form.edit" : "bots.form.create");
  const { resource, reload } = useResource(() => loadEditor(projectId, id), `${projectId}|${id ?? ""}`);
  const record = resource.state === "ready" ? (resource.data.bot?.name ?? null) : null;
  useDocumentTitle(title, record);
  return (
    <FormPage
      titleId="bot-form-title"
      title={title}
      subtitle={record}
      back={<BackLink href={botListPath(projectId)} />}
    >
      {resource.state === "loading" ? (
        <p className="subtle" role="status">
          {t("bots.loading")}
        </p>
      ) : resource.state === "error" ? (
        resource.status === 404 ? (
          <div className="state-panel">
            <h2>{t("bots.notFound")}</h2>
            <p>{t("bots.notFoundHint")}</p>
          </div>
        ) : (
          <RetryPanel error="bots.error" onRetry={reload} />
        )
      ) : (
        <BotForm
          key={resource.data.bot?.id ?? "new"}
          projectId={projectId}
          bot={resource.data.bot}
          initial={resource.data.initial}
        />
      )}
    </FormPage>
  );
}
