import { type FormEvent, useMemo, useRef, useState } from "react";
import { useLocation, useParams } from "wouter";
import type { AdminBot } from "../../shared/bots-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { focusFirstInvalid } from "../shell/form/form-field.tsx";
import { InputField, SelectField } from "../shell/form/form-inputs.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { useUnsavedChangesGuard } from "../shell/form/unsaved-changes-guard.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { botApi } from "./bot-api.ts";
import {
  type BotFormState,
  blocksSave,
  botForm,
  botFormErrors,
  botWrite,
  draftBot,
  moveStep,
  newBotForm,
  newStep,
  removeStep,
  stepProblems,
} from "./bot-form-state.ts";
import { botEditHref, botListPath } from "./bot-paths.ts";
import { BotStepCard } from "./bot-step-card.tsx";
import { BotTestRun } from "./bot-test-run.tsx";
import "./bot-styles.ts";

async function loadEditor(projectId: string, id: string | undefined) {
  if (!id) return { bot: null, initial: newBotForm() };
  const bot = await botApi.get(projectId, id);
  // Messages are stored as HTML; the editor opens them as documents, with the editor's own chunk.
  const { htmlToDoc } = await import("../rich-text/html-to-doc.ts");
  return { bot, initial: botForm(bot, htmlToDoc) };
}

function BotForm({
  projectId,
  bot,
  initial,
}: {
  projectId: string;
  bot: AdminBot | null;
  initial: BotFormState;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const [state, setState] = useState(initial);
  // What the server has: leaving with anything else asks first.
  const [saved, setSaved] = useState(initial);
  useUnsavedChangesGuard(JSON.stringify(state) !== JSON.stringify(saved));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const problems = useMemo(() => stepProblems(state), [state]);
  const blocking = problems.filter(blocksSave);
  const errors = tried ? botFormErrors(state) : {};
  // The test run plays what the form says; rebuilt only when the form changes.
  const testBot = useMemo(() => draftBot(state, bot?.id ?? null), [state, bot]);
  const back = botListPath(projectId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(botFormErrors(state)).length > 0 || blocking.length > 0) {
      requestAnimationFrame(() => form.current && focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    const outcome = await runAction(
      () => botApi.save(projectId, bot?.id ?? null, botWrite(state)),
      "bots.saved",
      (failure) => ({ heading: "toast.error", body: apiErrorMessage(failure) }),
    );
    setBusy(false);
    if (!outcome.ok) return;
    setSaved(state);
    if (!bot) navigate(botEditHref(projectId, outcome.value.id), { replace: true });
  };

  const remove = () => {
    if (!bot) return;
    confirmAction({
      type: "danger",
      heading: t("bots.confirm.delete", { name: bot.name }),
      body: "bots.confirm.deleteBody",
      confirmLabel: "bots.delete",
      onConfirm: async () => {
        const outcome = await runAction(() => botApi.remove(projectId, bot.id), "bots.deleted");
        if (outcome.ok) navigate(back);
      },
    });
  };

  const setSteps = (change: (current: BotFormState) => BotFormState) => setState(change);

  return (
    <div className="bot-editor">
      <form ref={form} className="bot-editor-form" onSubmit={submit} noValidate>
        <div className="card entity-form">
          <div className="bot-form-row">
            <InputField
              id="bot-name"
              label={t("bots.field.name")}
              value={state.name}
              maxLength={200}
              error={errors.name ? t(`bots.rule.${errors.name}`) : null}
              onChange={(name) => setState((current) => ({ ...current, name }))}
            />
            <SelectField
              id="bot-status"
              label={t("bots.field.status")}
              value={state.status}
              options={[
                { value: "draft", text: t("bots.status.draft") },
                { value: "live", text: t("bots.status.live") },
              ]}
              onChange={(status) => setState((current) => ({ ...current, status }))}
            />
          </div>
          <InputField
            id="bot-avatar"
            label={t("bots.field.avatar")}
            type="url"
            value={state.avatarUrl}
            error={errors.avatarUrl ? t(`bots.rule.${errors.avatarUrl}`) : null}
            describedBy="bot-avatar-hint"
            onChange={(avatarUrl) => setState((current) => ({ ...current, avatarUrl }))}
          />
          <p className="subtle bot-hint" id="bot-avatar-hint">
            {t("bots.field.avatarHint")}
          </p>
        </div>
        <section aria-labelledby="bot-steps-title" className="bot-steps">
          <h2 id="bot-steps-title">{t("bots.stepsTitle")}</h2>
          <p className="subtle">{t("bots.stepsHint")}</p>
          <ol className="bot-step-list">
            {state.steps.map((step, index) => (
              <BotStepCard
                key={step.id}
                step={step}
                index={index}
                steps={state.steps}
                projectId={projectId}
                problems={problems.filter((problem) => problem.stepId === step.id)}
                onChange={(next) =>
                  setSteps((current) => ({
                    ...current,
                    steps: current.steps.map((other) => (other.id === step.id ? next : other)),
                  }))
                }
                onMove={(by) => setSteps((current) => moveStep(current, index, by))}
                onRemove={() => setSteps((current) => removeStep(current, index))}
              />
            ))}
          </ol>
          <Button
            type="button"
            variant="secondary"
            disabled={state.steps.length >= 100}
            onClick={() =>
              setSteps((current) => ({
                ...current,
                steps: [...current.steps, newStep(current.steps, "message")],
              }))
            }
          >
            {t("bots.step.add")}
          </Button>
        </section>
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
