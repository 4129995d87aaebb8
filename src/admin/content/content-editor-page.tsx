import { useParams } from "wouter";
import { isContentKind, outboundTypeOf } from "./content-kinds.ts";
import { ContentNotFound } from "./content-not-found.tsx";
import { DeliveredRecordPage } from "./delivered-editor.tsx";
import { NewsForm } from "./news-editor.tsx";
import { OutboundEditor } from "./outbound-editor.tsx";
import { SurveyForm } from "./survey-editor.tsx";
import { TooltipEditor } from "./tooltip-editor.tsx";

/** `/dashboard/content/{project}/{kind}/create` and `…/{id}/edit`: the kind's editor. */
export default function ContentEditorPage() {
  const { projectId = "", kind, id } = useParams<{ projectId: string; kind: string; id?: string }>();
  if (!isContentKind(kind)) return <ContentNotFound />;
  if (kind === "news")
    return <DeliveredRecordPage projectId={projectId} kind="news" id={id} form={NewsForm} />;
  if (kind === "surveys")
    return <DeliveredRecordPage projectId={projectId} kind="surveys" id={id} form={SurveyForm} />;
  if (kind === "tooltips") return <TooltipEditor projectId={projectId} id={id} />;
  const type = outboundTypeOf[kind];
  return type ? <OutboundEditor projectId={projectId} kind={kind} type={type} id={id} /> : null;
}
