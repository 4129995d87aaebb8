import { useEffect, useState } from "react";
import {
  ListRow,
  path,
  QueryView,
  type ScreenProps,
  useApiQuery,
  useScreenTitle,
  useShell,
} from "../shell/shell-api.ts";

interface ChecklistStep {
  id: string;
  title?: string;
}
interface Checklist {
  id: string;
  completedSteps?: string[];
  outbound?: { subject?: string; config?: { steps?: ChecklistStep[] } };
}

/**
 * Placeholder (the checklist screen replaces it): an outbound checklist is started for the session
 * (`POST /outbound/checklists`), then its steps are listed with what is done.
 */
export default function ChecklistScreen({ screen }: ScreenProps<"checklist">) {
  const { api } = useShell();
  const [id, setId] = useState<string | null>("checklistId" in screen ? screen.checklistId : null);
  useEffect(() => {
    if ("checklistId" in screen) return;
    api
      .post<{ id: string }>("/outbound/checklists", {
        outboundId: screen.outboundId,
        sharedKey: screen.sharedKey,
      })
      .then((answer) => setId(answer.id))
      .catch(() => setId(""));
  }, [api, screen]);
  const checklist = useApiQuery<Checklist>(
    id ? `${path`/outbound/checklists/${id}`}?convertTipTap=true` : null,
  );
  useScreenTitle(checklist.data?.outbound?.subject);
  return (
    <div className="screen-content">
      <QueryView query={id === "" ? { ...checklist, status: "error" } : checklist}>
        {(data) => (
          <div className="card list">
            {(data.outbound?.config?.steps ?? []).map((step) => (
              <ListRow
                key={step.id}
                icon={data.completedSteps?.includes(step.id) ? "check" : "list"}
                title={step.title ?? step.id}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
