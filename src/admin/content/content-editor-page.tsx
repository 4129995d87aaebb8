import { useParams } from "wouter";
import { isContentKind, outboundTypeOf } from "./content-kinds.ts";
import { ContentNotFound } from "./content-not-found.tsx";
import { NewsEditor } from "./news-editor.tsx";
import { OutboundEditor } from "./outbound-editor.tsx";
import { SurveyEditor } from "./survey-editor.tsx";
import { TooltipEditor } from "./tooltip-editor.tsx";

/** `/dashboard/content/{project}/{kind}/create` and `…/{id}/edit`: the kind's editor. */
export default function ContentEditorPage() {
  const { projectId = "", kind, id } = useParams<{ projectId: string; kind: string; id?: string }>();
  if (!isContentKind(kind)) return <ContentNotFound />;
  if (kind === "news") return <NewsEditor projectId={projectId} id={id} />;
  if (kind === "surveys") return <SurveyEditor projectId={projectId} id={id} />;
  if (kind === "tooltips") return <TooltipEditor projectId={projectId} id={id} />;
  const type = outboundTypeOf[kind];
  return type ? <OutboundEditor projectId={projectId} kind={kind} type={type} id={id} /> : null;
}
