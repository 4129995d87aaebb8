import type { ChecklistSummary } from "../../shared/messenger-api.ts";
import { ContentIcon } from "../conversations/content-icons.tsx";
import {
  EmptyState,
  Icon,
  ListSkeleton,
  QueryView,
  type Screen,
  type ScreenProps,
  useApiQuery,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { checklistTexts } from "./checklist-texts.ts";
import "./checklists.css";

export const checklistScreenOf = (checklist: ChecklistSummary): Screen =>
  checklist.checklistId
    ? { name: "checklist", checklistId: checklist.checklistId }
    : { name: "checklist", outboundId: checklist.outboundId };

/** The project's live checklists (`GET /checklists`) with the session's progress in each. */
export default function ChecklistsScreen(_: ScreenProps<"checklists">) {
  const t = useTexts(checklistTexts);
  const { navigator } = useShell();
  const checklists = useApiQuery<ChecklistSummary[]>("/checklists");
  return (
    <div className="screen-content">
      <QueryView
        query={checklists}
        skeleton={<ListSkeleton rows={2} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="card">
            <EmptyState icon="list" title={t("checklist.empty")}>
              <p>{t("checklist.emptyHint")}</p>
            </EmptyState>
          </div>
        }
      >
        {(list) => (
          <ul className="card checklist-list" aria-label={t("checklist.list")}>
            {list.map((checklist) => {
              const done = checklist.status === "done";
              const percent = checklist.total > 0 ? Math.round((checklist.done / checklist.total) * 100) : 0;
              return (
                <li key={checklist.outboundId}>
                  <button
                    type="button"
                    className="list-row list-row--action checklist-list-row"
                    data-testid="checklist-row"
                    onClick={() => navigator.push(checklistScreenOf(checklist))}
                  >
                    <span className={done ? "row-icon checklist-icon is-done" : "row-icon checklist-icon"}>
                      {done ? <Icon name="check" /> : <ContentIcon name="flag" />}
                    </span>
                    <span className="row-text">
                      <span className="row-title" dir="auto">
                        {checklist.title}
                      </span>
                      <span className="progress" aria-hidden="true">
                        <span className="progress-bar" style={{ width: `${percent}%` }} />
                      </span>
                      <span className="row-hint">
                        {done
                          ? t("checklist.completed")
                          : checklist.checklistId === null && checklist.done === 0
                            ? `${t("checklist.notStarted")} · ${t("checklist.progress", { a: 0, b: checklist.total })}`
                            : t("checklist.progress", { a: checklist.done, b: checklist.total })}
                      </span>
                    </span>
                    <Icon name="chevron" size={18} className="row-chevron" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
