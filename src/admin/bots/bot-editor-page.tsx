import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink, FormDeleteButton } from "../shell/form/form-actions.tsx";
import { ProjectFormRoute } from "../shell/project-form-route.tsx";
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
          {bot && <FormDeleteButton onDelete={remove}>{t("bots.delete")}</FormDeleteButton>}
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
  return (
    <ProjectFormRoute
      area="bots"
      titleId="bot-form-title"
      createTitle="bots.form.create"
      editTitle="bots.form.edit"
      backHref={botListPath}
      load={loadEditor}
      recordName={(data) => data.bot?.name ?? null}
    >
      {(data, projectId) => (
        <BotForm key={data.bot?.id ?? "new"} projectId={projectId} bot={data.bot} initial={data.initial} />
      )}
    </ProjectFormRoute>
  );
}
