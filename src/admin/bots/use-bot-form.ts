import { type FormEvent, useMemo } from "react";
import { useLocation } from "wouter";
import type { AdminBot } from "../../shared/bots-api.ts";
import { useT } from "../i18n/intl.ts";
import { useEditorForm } from "../shell/form/use-editor-form.ts";
import { confirmRemoval } from "../shell/overlay/confirm-delete.ts";
import { botApi } from "./bot-api.ts";
import {
  type BotFormState,
  blocksSave,
  botFormErrors,
  botWrite,
  draftBot,
  stepProblems,
} from "./bot-form-state.ts";
import { botEditHref, botListPath } from "./bot-paths.ts";

/**
 * The bot editor's state: the values and the ones the server has (leaving with anything else asks
 * first), the steps' problems and those that stop a save, the fields' errors (shown once a submit was
 * tried), the bot its test run plays, and the save and the deletion.
 */
export interface BotFormProps {
  projectId: string;
  bot: AdminBot | null;
  initial: BotFormState;
}

export function useBotForm({ projectId, bot, initial }: BotFormProps) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const { state, setState, tried, busy, form, send } = useEditorForm(initial);
  const problems = useMemo(() => stepProblems(state), [state]);
  const blocking = problems.filter(blocksSave);
  const errors = tried ? botFormErrors(state) : {};
  // The test run plays what the form says; rebuilt only when the form changes.
  const testBot = useMemo(() => draftBot(state, bot?.id ?? null), [state, bot]);
  const back = botListPath(projectId);

  const submit = async (event: FormEvent) => {
    const invalid = Object.keys(botFormErrors(state)).length > 0 || blocking.length > 0;
    const outcome = await send(
      event,
      invalid,
      () => botApi.save(projectId, bot?.id ?? null, botWrite(state)),
      "bots.saved",
    );
    if (outcome?.ok && !bot) navigate(botEditHref(projectId, outcome.value.id), { replace: true });
  };

  const remove = () => {
    if (!bot) return;
    confirmRemoval({
      heading: t("bots.confirm.delete", { name: bot.name }),
      body: "bots.confirm.deleteBody",
      confirmLabel: "bots.delete",
      remove: () => botApi.remove(projectId, bot.id),
      done: "bots.deleted",
      onRemoved: () => navigate(back),
    });
  };

  return { state, setState, problems, blocking, errors, tried, busy, form, testBot, back, submit, remove };
}
