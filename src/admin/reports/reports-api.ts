import type {
  CodingChallengeTask,
  MultipleChoiceTask,
  TaskContentByKind,
  TaskDetail,
  TaskFields,
  TaskKind,
} from "../../shared/challenges-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import {
  type ReportDetail,
  type ReportListItem,
  type ReportResolution,
  type ResolveReportRequest,
  resolutionPaths,
} from "../../shared/reports-api.ts";
import { api } from "../api/api-client.ts";
import { type ReportListQuery, reportListApiParams } from "./report-list-query.ts";

const reportPath = (id: string) => `/api/reports/${encodeURIComponent(id)}`;
const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

/** A reported task's shared fields (values, creator, ratings) and the content of its kind. */
export type TaskView = {
  [K in TaskKind]: { kind: K; fields: TaskFields; content: TaskContentByKind[K] };
}[TaskKind];

/**
 * The reported task as the report screen reads it: multiple choice and coding challenges through their
 * kind-specific reads (so a mismatch answers the spec's "MCQ Not Found" / "Coding Challenge Not Found"),
 * the other kinds through the task itself.
 */
async function taskView(id: string, kind: TaskKind): Promise<TaskView> {
  if (kind === "CODING") {
    const task = await api<CodingChallengeTask>(`${taskPath(id)}/coding-challenge`);
    return { kind, fields: task, content: task };
  }
  if (kind === "MULTIPLE_CHOICE") {
    const task = await api<MultipleChoiceTask>(`${taskPath(id)}/multiple-choice`);
    return { kind, fields: task, content: task };
  }
  const task = await api<TaskDetail>(taskPath(id));
  // The API keeps content by kind (validated by the kind's schema), so its `kind` names the content.
  return { kind: task.kind, fields: task, content: task.content } as TaskView;
}

/** The admin's calls to `/api/reports…` (docs/platform-api.md, reports row). */
export const reportsApi = {
  list: (query: ReportListQuery) =>
    api<ListPage<ReportListItem>>(`/api/reports?${reportListApiParams(query)}`),
  get: (id: string) => api<ReportDetail>(reportPath(id)),
  /** One of the four resolutions; the answer is the resolved report. */
  resolve: (id: string, resolution: ReportResolution, body: ResolveReportRequest) =>
    api<ReportDetail>(`${reportPath(id)}/${resolutionPaths[resolution]}`, { method: "POST", body }),
  task: taskView,
};
