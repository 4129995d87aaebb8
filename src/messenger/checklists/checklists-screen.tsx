import type { ChecklistSummary } from "../../shared/messenger-home-api.ts";
import { ContentIcon } from "../conversations/content-icons.tsx";
import {
  Icon,
  ListRow,
  ListScreenContent,
  ListSkeleton,
  ProgressBar,
  type ScreenProps,
  useApiQuery,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { checklistPercent, checklistScreenOf } from "./checklist-summary.ts";
import { checklistTexts } from "./checklist-texts.ts";
import "./checklists.css";

function ChecklistRow({ checklist }: { checklist: ChecklistSummary }) {
  const t = useTexts(checklistTexts);
  const { navigator } = useShell();
  const done = checklist.status === "done";
  return (
    <ListRow
      className="list-row list-row--action checklist-list-row"
      data-testid="checklist-row"
      onClick={() => navigator.push(checklistScreenOf(checklist))}
      icon={done ? <Icon name="check" /> : <ContentIcon name="flag" />}
      iconClassName={done ? "row-icon checklist-icon is-done" : "row-icon checklist-icon"}
      title={checklist.title}
    >
      <ProgressBar percent={checklistPercent(checklist)} />
      <span className="row-hint">
        {done
          ? t("checklist.completed")
          : checklist.checklistId === null && checklist.done === 0
            ? `${t("checklist.notStarted")} · ${t("checklist.progress", { a: 0, b: checklist.total })}`
            : t("checklist.progress", { a: checklist.done, b: checklist.total })}
      </span>
    </ListRow>
  );
}

/** The project's live checklists (`GET /checklists`) with the session's progress in each. */
export default function ChecklistsScreen(_: ScreenProps<"checklists">) {
  const t = useTexts(checklistTexts);
  const checklists = useApiQuery<ChecklistSummary[]>("/checklists");
  return (
    <ListScreenContent
      query={checklists}
      skeleton={<ListSkeleton rows={2} />}
      empty={{ icon: "list", title: t("checklist.empty"), hint: t("checklist.emptyHint") }}
      className="card checklist-list"
      label={t("checklist.list")}
      item={(checklist) => (
        <li key={checklist.outboundId}>
          <ChecklistRow checklist={checklist} />
        </li>
      )}
    />
  );
}
