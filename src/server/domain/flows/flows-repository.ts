import type { SQL } from "bun";
import { storedTranslations, type Translations } from "../../../shared/content-languages.ts";
import type {
  AdminFeedbackFlow,
  FeedbackFlowVersion,
  FeedbackFlowWrite,
  FlowField,
  FlowFieldVersion,
} from "../../../shared/feedback-flows-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import {
  deleteProjectRow,
  findProjectRecord,
  insertProjectRow,
  listProjectRecords,
  updateProjectRow,
} from "../project-rows.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import {
  contentStatus,
  foundOrNot,
  notFound,
  parseJson,
  textKey,
  toBoolean,
  toCount,
  type WriteOutcome,
} from "../repository-helpers.ts";

/** Feedback flows (table feedback_flows): forms a host starts by key. */

interface FlowRow extends RecordRow {
  project_id: string;
  flow_key: string;
  title: string;
  description: string;
  feedback_type: string;
  fields: string;
  success_message: string;
  show_on_home: boolean | number;
  icon: string;
  status: string;
  position: number | string;
  /** The other languages' texts (JSON); `{}` on rows written before flows had translations. */
  translations: string;
}

/** The flow's columns after its key, in the record's order. */
const flowColumns =
  "title description feedback_type fields success_message show_on_home icon status position translations created_at updated_at";

function fromRow(row: FlowRow): AdminFeedbackFlow {
  return {
    id: row.id,
    key: row.flow_key,
    ...rowFields(row, flowColumns),
    fields: parseJson<FlowField[]>(row.fields, []),
    showOnHome: toBoolean(row.show_on_home),
    status: contentStatus(row.status),
    position: toCount(row.position),
    translations: storedTranslations<FeedbackFlowVersion>(parseJson<unknown>(row.translations, {})),
  };
}

export const flowKeyTakenMessage = "A feedback flow with this key already exists";
export const flowNotFoundMessage = "Feedback flow not found";

/** Texts trimmed; an empty one is left out, so the English shows there. */
function trimmedTexts<T extends Record<string, unknown>>(version: T): Partial<T> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(version)) {
    if (typeof value === "string" && value.trim() !== "") kept[key] = value.trim();
    else if (Array.isArray(value) && value.some((item) => typeof item === "string" && item.trim() !== ""))
      kept[key] = value.map((item) => (typeof item === "string" ? item.trim() : item));
  }
  return kept as Partial<T>;
}

/** What is stored of the translations: each language's non-empty texts; a language with none is dropped. */
function storedFlowTranslations(body: FeedbackFlowWrite): Translations<FeedbackFlowVersion> {
  const stored: Translations<FeedbackFlowVersion> = {};
  for (const [language, version] of Object.entries(body.translations ?? {})) {
    if (!version || (language !== "de" && language !== "ar")) continue;
    const fields: Record<string, FlowFieldVersion> = {};
    for (const [key, field] of Object.entries(version.fields ?? {})) {
      const texts = trimmedTexts(field);
      if (Object.keys(texts).length > 0) fields[key] = texts;
    }
    const { fields: _fields, ...own } = version;
    const kept: FeedbackFlowVersion = {
      ...trimmedTexts(own),
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
    };
    if (Object.keys(kept).length > 0) stored[language] = kept;
  }
  return stored;
}

function columns(body: FeedbackFlowWrite) {
  return {
    flow_key: body.key,
    key_lower: textKey(body.key),
    title: body.title.trim(),
    title_key: textKey(body.title),
    description: body.description?.trim() ?? "",
    feedback_type: body.feedbackType,
    fields: JSON.stringify(body.fields),
    success_message: body.successMessage?.trim() ?? "",
    show_on_home: body.showOnHome ?? false,
    icon: body.icon?.trim() ?? "",
    status: body.status,
    position: body.position ?? 0,
    translations: JSON.stringify(storedFlowTranslations(body)),
  };
}

/** The live flow with this key (compared without case), or null. */
export async function findLiveFlow(
  sql: SQL,
  projectId: string,
  key: string,
): Promise<AdminFeedbackFlow | null> {
  const [row] = await sql`SELECT * FROM feedback_flows
    WHERE project_id = ${projectId} AND key_lower = ${textKey(key)} AND status = ${"live"}`;
  return row ? fromRow(row as FlowRow) : null;
}

/** Live flows marked for the home screen, in their order. */
export async function listHomeFlows(sql: SQL, projectId: string): Promise<AdminFeedbackFlow[]> {
  const rows = await sql`SELECT * FROM feedback_flows
    WHERE project_id = ${projectId} AND status = ${"live"} AND show_on_home = ${true}
    ORDER BY position, created_at, id`;
  return (rows as FlowRow[]).map(fromRow);
}

export const flowSortColumns: Record<string, string> = {
  position: "position",
  title: "title_key",
  key: "key_lower",
  status: "status",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

export async function listFlows(sql: SQL, projectId: string, query: ListQuery) {
  return listProjectRecords(sql, projectId, query, {
    table: "feedback_flows",
    searchColumns: ["title_key", "key_lower"],
    status: query.params.get("status"),
    toItem: fromRow,
  });
}

export async function findFlow(sql: SQL, projectId: string, id: string): Promise<AdminFeedbackFlow | null> {
  return findProjectRecord(sql, "feedback_flows", { projectId, id }, fromRow);
}

async function keyTaken(sql: SQL, projectId: string, key: string, exceptId: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM feedback_flows
    WHERE project_id = ${projectId} AND key_lower = ${textKey(key)} AND id <> ${exceptId}`;
  return row !== undefined;
}

const keyTaken409: WriteOutcome = { ok: false, status: 409, error: flowKeyTakenMessage, field: "key" };

/** Inserts a flow unless its key is taken (a racing insert is caught by the unique index). */
export async function insertFlow(
  sql: SQL,
  projectId: string,
  body: FeedbackFlowWrite,
  id: string = Bun.randomUUIDv7(),
): Promise<WriteOutcome> {
  if (await keyTaken(sql, projectId, body.key, "")) return keyTaken409;
  return insertProjectRow(sql, "feedback_flows", projectId, id, columns(body));
}

export async function updateFlow(
  sql: SQL,
  projectId: string,
  id: string,
  body: FeedbackFlowWrite,
): Promise<WriteOutcome> {
  if (!(await findFlow(sql, projectId, id))) return notFound(flowNotFoundMessage);
  if (await keyTaken(sql, projectId, body.key, id)) return keyTaken409;
  await updateProjectRow(sql, "feedback_flows", { projectId, id }, columns(body));
  return { ok: true, id };
}

export async function deleteFlow(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  const deleted = await deleteProjectRow(sql, "feedback_flows", { projectId, id });
  return foundOrNot(deleted, id, flowNotFoundMessage);
}
