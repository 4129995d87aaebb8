import type { ChecklistStepAction } from "../../shared/guide-authoring-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { api } from "../api/api-client.ts";
import { useResource } from "../api/use-resource.ts";

/**
 * What a checklist step's action can open, offered as suggestions beside its id field: the project's
 * bots, feedback flows (by key, as the widget starts them), news posts, help articles and other
 * checklists. Loaded for the chosen action only; a failed list leaves the field a plain text box.
 */

export interface ActionTarget {
  value: string;
  label: string;
}

interface Named {
  id: string;
  key?: string;
  name?: string;
  title?: string;
  type?: string;
}

/** Where each action's targets are listed, and which of a row's fields the widget names it by. */
const sources: Partial<Record<ChecklistStepAction, { path: string; value: (row: Named) => string }>> = {
  BOT: { path: "bots", value: (row) => row.id },
  FEEDBACK_FLOW: { path: "feedback-flows", value: (row) => row.key ?? row.id },
  NEWS_ARTICLE: { path: "news", value: (row) => row.id },
  HELP_ARTICLE: { path: "help/articles", value: (row) => row.id },
  CHECKLIST: { path: "outbounds?type=checklist", value: (row) => row.id },
};

export function actionTargetsOf(
  action: ChecklistStepAction,
  rows: readonly Named[],
  selfId?: string,
): ActionTarget[] {
  const source = sources[action];
  if (!source) return [];
  return rows
    .filter((row) => row.id !== selfId)
    .map((row) => ({ value: source.value(row), label: row.name || row.title || row.key || row.id }));
}

/** The targets of `action` in the project (empty while loading, for actions without a list, or on failure). */
export function useActionTargets(projectId: string, action: ChecklistStepAction): ActionTarget[] {
  const source = sources[action];
  const { resource } = useResource<Named[]>(async () => {
    if (!source) return [];
    const separator = source.path.includes("?") ? "&" : "?";
    const answer = await api<ListPage<Named> | Named[]>(
      `/api/projects/${encodeURIComponent(projectId)}/${source.path}${separator}pageSize=100`,
    );
    return Array.isArray(answer) ? answer : answer.items;
  }, `${projectId}/${action}`);
  return resource.state === "ready" ? actionTargetsOf(action, resource.data) : [];
}
