import type { ChecklistSummary } from "../../shared/messenger-api.ts";
import { ListRow, QueryView, type ScreenProps, useApiQuery, useShell } from "../shell/shell-api.ts";

/** Placeholder (the checklists screen replaces it): live checklists and the session's progress. */
export default function ChecklistsScreen(_: ScreenProps<"checklists">) {
  const { navigator } = useShell();
  const checklists = useApiQuery<ChecklistSummary[]>("/checklists");
  return (
    <div className="screen-content">
      <QueryView query={checklists} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <div className="card list">
            {list.map((checklist) => (
              <ListRow
                key={checklist.outboundId}
                icon={checklist.status === "done" ? "check" : "list"}
                title={checklist.title}
                meta={`${checklist.done}/${checklist.total}`}
                onClick={() =>
                  navigator.push(
                    checklist.checklistId
                      ? { name: "checklist", checklistId: checklist.checklistId }
                      : { name: "checklist", outboundId: checklist.outboundId },
                  )
                }
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
