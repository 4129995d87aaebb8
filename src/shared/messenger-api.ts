import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  refine,
  size,
  string,
  union,
} from "superstruct";
import type { VisitorAssignee } from "./assignment-api.ts";
import { botGraphVerdict } from "./bot-graph.ts";
import {
  type ContentLanguage,
  contentBaseLanguage,
  contentLanguages,
  type TranslationLanguage,
  type Translations,
  translationsOf,
} from "./content-languages.ts";
import { TipTapDocument } from "./rich-text-api.ts";
import type { SearchMatch } from "./search-api.ts";
import type { TipTapDoc } from "./tiptap-doc.ts";

/**
 * The messenger's content API: what the frame app reads and writes under `/api/widget`
 * with the session headers, and what the admin writes under `/api/projects/{projectId}/…`. One schema
 * per request body, shared by the server that validates it and the clients that send it; answer types
 * for the clients. Rich texts (help articles, news, bot and staff messages) travel as HTML, which every
 * client sanitizes before showing it.
 *
 * Widget routes (session auth, JSON):
 *   GET  /messenger/home                      → MessengerHome
 *   GET  /flows/{flowKey}                     → FeedbackFlow (404 when no live flow has that key)
 *   GET  /conversations                       → ConversationSummary[] (newest first)
 *   POST /conversations                       StartConversationRequest → Conversation (201)
 *   GET  /conversations/{shareToken}          → Conversation (only the session's own; 404 otherwise)
 *   POST /conversations/{shareToken}/messages SendMessageRequest → ConversationMessage (201)
 *   POST /conversations/{shareToken}/read     → {unread} (the session's whole unread count)
 *   POST /conversations/{shareToken}/typing   TypingRequest → 204
 *   GET  /bots/{botId}                        → Bot (404 when not live)
 *   GET  /surveys/{surveyId}                  → Survey (404 when not live)
 *   POST /surveys/{surveyId}/answers          SurveyAnswerRequest → 201 {id}; 409 when answered before
 *   GET  /help/collections                    → HelpCollection[]
 *   GET  /help/collections/{id}               → {collection: HelpCollection, articles: HelpArticleSummary[]}
 *   GET  /help/articles/{id}                  → HelpArticle
 *   GET  /help/search?q=                      → HelpSearchResult[] (ranked, best first, at most 20)
 *   GET  /news                                → NewsSummary[] (newest first)
 *   GET  /news/{id}                           → NewsPost
 *   GET  /feature-requests?sort=top|new       → FeatureRequest[]
 *   POST /feature-requests                    NewFeatureRequest → FeatureRequest (201; `pending` when the
 *                                             project approves requests first; 429 with Retry-After past
 *                                             the per-session or per-IP quota)
 *   POST /feature-requests/{id}/vote          → FeatureRequest (toggles the session's vote; 429 past the vote rate)
 *   GET  /checklists                          → ChecklistSummary[] (live checklists and the session's progress)
 *
 * Websocket pushes (to every socket of the session, the frame's own included; types below):
 *   {name: "conversation-message", data: {shareToken, message: ConversationMessage, unread}}
 *   {name: "conversation-typing", data: {shareToken, typing, name}}
 *   {name: "conversation-status", data: {shareToken, status}}
 *   {name: "conversation-assignee", data: {shareToken, assignee: {name, avatarUrl} | null}}
 * and the loader's `{name: "update", data: {a, u}}`, whose `u` (the launcher badge) counts unread
 * notifications plus unread staff and bot messages; a staff reply and a `read` push a fresh one.
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   GET  /api/projects                                    → AdminProject list
 *   under /api/projects/{projectId}/:
 *   feedback-flows, bots, surveys, help/collections, help/articles, news, feature-requests:
 *     GET (list), POST (create, 201), GET/PUT/DELETE {id} (204); the body is the kind's *Write schema
 *     (feature requests: FeatureRequestWrite); 404 unknown project or record, 409 a taken flow key or a
 *     collection that still has articles (DELETE …?force=true deletes them too), 400 invalid fields
 *   GET  help/search-preview?q=&lang=en|de|ar&drafts=     → HelpSearchPreview (the widget search's ranking)
 *   GET  feature-requests/pending                         → AdminFeatureRequest list (awaiting approval)
 *   POST feature-requests/{id}/approve                    → AdminFeatureRequest (now public)
 *   POST feature-requests/{id}/merge  FeatureRequestMerge → AdminFeatureRequest (votes combined; the
 *        duplicates deleted; 404 an unknown one, 400 merging a request into itself)
 *   the list takes `visibility=visible|hidden` besides `status`
 *   GET  surveys/{id}/results                             → SurveyResults
 *   GET  surveys/{id}/responses                           → SurveyResponse list (who answered what, where)
 *   GET  conversations?status=open|closed                 → AdminConversationSummary list
 *   GET  conversations/{id}                               → AdminConversation
 *   POST conversations/{id}/messages   StaffReplyRequest  → ConversationMessage (201)
 *   POST conversations/{id}/read                          → {unread} (0: staff read everything)
 *   POST conversations/{id}/assign  ConversationAssignRequest → AdminConversation (audited; pushed as
 *        `conversation-assigned`); the list takes `assigneeId={admin id}|none`
 *   POST conversations/{id}/typing     TypingRequest      → 204
 *   POST conversations/{id}/close, /reopen                → AdminConversation
 */

/**
 * A text of `min` to `max` characters without NUL characters, which PostgreSQL cannot store in a text
 * column (and SQLite would keep, so both engines refuse them alike).
 */
export const boundedText = (min: number, max: number) =>
  refine(
    size(string(), min, max),
    "text",
    (value) => !value.includes("\u0000") || "must not contain NUL characters",
  );

/** Positions within a list (admin `position`), bounded. */
const Position = max(min(integer(), 0), 10_000);

/** Every id within one list (fields, steps, questions) must be unique. */
const uniqueBy = <T>(items: T[], key: (item: T) => string, what: string): true | string => {
  const keys = items.map(key);
  return new Set(keys).size === keys.length || `${what} must be unique`;
};

/** An absolute http(s) URL; nothing a browser would run (`javascript:`, `data:text/html`). */
export const WebUrl = refine(boundedText(1, 2048), "webUrl", (value) => {
  return /^https?:\/\/[^\s]+$/i.test(value) || "must be an http(s) URL";
});

/** An image address: an http(s) URL or an inline `data:image/…` (the demo's covers and avatars). */
export const ImageUrl = refine(boundedText(0, 200_000), "imageUrl", (value) => {
  return (
    value === "" ||
    /^https?:\/\/[^\s]+$/i.test(value) ||
    /^data:image\/[a-z0-9.+-]+[;,]/i.test(value) ||
    "must be an http(s) or data:image URL"
  );
});

/** Keys hosts and links use in paths (`startFeedbackFlow("bugreporting")`): letters, digits, - and _. */
const Key = pattern(boundedText(1, 64), /^[A-Za-z0-9_-]+$/);

// ---------- feedback flows ----------

export const flowFieldTypes = [
  "text",
  "textarea",
  "email",
  "rating",
  "select",
  "checkbox",
  "capture",
] as const;
export type FlowFieldType = (typeof flowFieldTypes)[number];

export const flowCaptureTypes = ["screenshot", "capture", "both"] as const;
export type FlowCaptureType = (typeof flowCaptureTypes)[number];

export const FlowField = object({
  /** The form data key the answer is sent under (`description`, `reportedBy`, `capture`, …). */
  key: Key,
  type: enums(flowFieldTypes),
  label: boundedText(1, 200),
  placeholder: optional(boundedText(0, 200)),
  required: optional(boolean()),
  /** The choices of a `select` field. */
  options: optional(size(array(boundedText(1, 200)), 0, 50)),
  /**
   * `capture`: which capture the field asks the host for: a screenshot, a screen recording
   * (`capture`, the SDK's word), or `both`, where the visitor picks one of the two.
   */
  captureType: optional(enums(flowCaptureTypes)),
});
export type FlowField = Infer<typeof FlowField>;

/** A field's texts in another language; empty ones fall back to the field's own (English). */
export const FlowFieldVersion = object({
  label: optional(boundedText(0, 200)),
  placeholder: optional(boundedText(0, 200)),
  /** A `select` field's choices in that language, in the order of the field's own (as many). */
  options: optional(size(array(boundedText(0, 200)), 0, 50)),
});
export type FlowFieldVersion = Infer<typeof FlowFieldVersion>;

/**
 * A flow's texts in another language (`translations.de`, `translations.ar`), its fields' by field key.
 * The widget gets the flow in Gleap's format with these texts in place (content-languages.ts).
 */
export const FeedbackFlowVersion = object({
  title: optional(boundedText(0, 200)),
  description: optional(boundedText(0, 1000)),
  successMessage: optional(boundedText(0, 1000)),
  fields: optional(
    refine(record(Key, FlowFieldVersion), "fields", (fields) =>
      Object.keys(fields).length <= 30 ? true : "may name at most 30 fields",
    ),
  ),
});
export type FeedbackFlowVersion = Infer<typeof FeedbackFlowVersion>;

/**
 * A translation names only the flow's own fields, and a translated `select` offers as many choices
 * as the field (the visitor's choice is found by its place). The failure names the translated field.
 */
function flowTranslationsVerdict(
  flow: { fields: FlowField[]; translations?: Translations<FeedbackFlowVersion | null> },
  context: { path: Array<string | number> },
): true | { message: string; path: Array<string | number> } {
  for (const [language, version] of Object.entries(flow.translations ?? {})) {
    for (const [key, text] of Object.entries(version?.fields ?? {})) {
      const path = [...context.path, "translations", language, "fields", key];
      const field = flow.fields.find((candidate) => candidate.key === key);
      if (!field) return { message: `The ${language} translation names no field ${key} of the flow`, path };
      const count = field.options?.length ?? 0;
      if (text.options?.length && text.options.length !== count)
        return {
          message: `The ${language} translation of ${key} must offer ${count} options, as the field does`,
          path: [...path, "options"],
        };
    }
  }
  return true;
}

/** What an admin writes; `key` is what hosts start the flow by (`Gleap.startFeedbackFlow(key)`). */
const FeedbackFlowFields = object({
  /** Unique per project, compared without case. */
  key: Key,
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  /** The report type the submission files: BUG, FEATURE_REQUEST, INQUIRY, … */
  feedbackType: pattern(boundedText(1, 40), /^[A-Z][A-Z_]*$/),
  /** Field keys are unique; a `select` field has options. */
  fields: refine(size(array(FlowField), 1, 30), "fields", (fields) => {
    const missing = fields.find((field) => field.type === "select" && !field.options?.length);
    if (missing) return `${missing.key} needs options`;
    return uniqueBy(fields, (field) => field.key.toLowerCase(), "field keys");
  }),
  successMessage: optional(boundedText(0, 1000)),
  /** Shown as an action on the messenger's home screen. */
  showOnHome: optional(boolean()),
  icon: optional(boundedText(0, 40)),
  status: enums(["draft", "live"]),
  position: optional(Position),
  /** The flow's texts in the widget's other languages. */
  translations: translationsOf(FeedbackFlowVersion),
});
export const FeedbackFlowWrite = refine(FeedbackFlowFields, "translations", flowTranslationsVerdict);
export type FeedbackFlowWrite = Infer<typeof FeedbackFlowWrite>;

export interface FeedbackFlow {
  id: string;
  key: string;
  title: string;
  description: string;
  feedbackType: string;
  fields: FlowField[];
  successMessage: string;
  showOnHome: boolean;
  icon: string;
}

// ---------- conversations ----------

export const conversationStatuses = ["open", "closed"] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export const Attachment = object({
  /** A file uploaded through `POST /uploads/sdk` (its `fileUrl`), or any other http(s) URL. */
  url: WebUrl,
  name: boundedText(1, 255),
  type: boundedText(1, 100),
});
export type Attachment = Infer<typeof Attachment>;

export interface ConversationMessage {
  id: string;
  author: "visitor" | "staff" | "bot";
  /** The staff member's or the bot's name; null for the visitor. */
  name: string | null;
  avatarUrl: string | null;
  /** Plain text from visitors; HTML from staff and bots (sanitize before showing). */
  text: string;
  attachments: Attachment[];
  createdAt: string;
}

export interface ConversationSummary {
  shareToken: string;
  subject: string;
  status: ConversationStatus;
  lastMessage: ConversationMessage | null;
  /** Staff and bot messages the visitor has not read. */
  unread: number;
  updatedAt: string;
}

export interface Conversation extends ConversationSummary {
  messages: ConversationMessage[];
  /**
   * Who on the team answers it (display name and picture), or null while nobody is assigned. Added
   * beside Gleap's fields; optional so answers of servers without it stay valid.
   */
  assignee?: VisitorAssignee | null;
}

const messageText = boundedText(0, 10_000);

/**
 * Starts a conversation. `text` or `attachments` must say something (else 400, field `text`). Without a
 * `subject` the first line of the text is the subject. A bot handover sends the bot chat as `transcript`
 * (stored before `text`, read already) and what the bot collected.
 */
export const StartConversationRequest = object({
  subject: optional(boundedText(0, 200)),
  text: messageText,
  attachments: optional(size(array(Attachment), 0, 10)),
  /** The bot the visitor talked to before handing over, and what it collected. */
  botId: optional(nullable(boundedText(1, 128))),
  transcript: optional(size(array(object({ author: enums(["visitor", "bot"]), text: messageText })), 0, 100)),
  collected: optional(record(boundedText(1, 64), boundedText(0, 2000))),
});
export type StartConversationRequest = Infer<typeof StartConversationRequest>;

/** `text` or `attachments` must say something; a message to a closed conversation reopens it. */
export const SendMessageRequest = object({
  text: messageText,
  attachments: optional(size(array(Attachment), 0, 10)),
});
export type SendMessageRequest = Infer<typeof SendMessageRequest>;

export const TypingRequest = object({ typing: boolean() });
export type TypingRequest = Infer<typeof TypingRequest>;

/** `POST /conversations/{shareToken}/read`: staff and bot messages the session has not read, over all its conversations. */
export interface ReadAnswer {
  unread: number;
}

/** The pushes of the messenger (to every socket of the conversation's session). */
export interface ConversationMessagePush {
  name: "conversation-message";
  data: {
    shareToken: string;
    message: ConversationMessage;
    /** Unread staff and bot messages over every conversation of the session (as MessengerHome.unreadMessages). */
    unread: number;
  };
}

export interface ConversationTypingPush {
  name: "conversation-typing";
  /** `name`: who types (the staff member's name). */
  data: { shareToken: string; typing: boolean; name: string | null };
}

export interface ConversationStatusPush {
  name: "conversation-status";
  data: { shareToken: string; status: ConversationStatus };
}

/** The conversation was given to someone on the team, or to nobody: the messenger shows who answers. */
export interface ConversationAssigneePush {
  name: "conversation-assignee";
  data: { shareToken: string; assignee: VisitorAssignee | null };
}

export type MessengerPush =
  | ConversationMessagePush
  | ConversationTypingPush
  | ConversationStatusPush
  | ConversationAssigneePush;

/**
 * How a staff reply's text is written: `html` (the default, for clients written before formats existed) is
 * cleaned by the allow-list; `markdown` is the composers' small subset (bold, italic, links, lists;
 * src/server/domain/rich-text/reply-markdown.ts), turned into HTML on the server.
 */
export const ReplyFormat = enums(["html", "markdown"]);
export type ReplyFormat = Infer<typeof ReplyFormat>;

/**
 * A staff reply (admin API `POST /api/projects/{p}/conversations/{id}/messages`): text, attachments
 * (uploaded through `POST /api/projects/{p}/uploads`, staff-uploads-api.ts) or both.
 */
export const StaffReplyRequest = object({
  text: boundedText(0, 10_000),
  format: optional(ReplyFormat),
  attachments: optional(size(array(Attachment), 0, 10)),
});
export type StaffReplyRequest = Infer<typeof StaffReplyRequest>;

/**
 * Who works on a conversation (admin API `POST /api/projects/{p}/conversations/{id}/assign`, issue
 * 24): an admin's user id, or null for nobody. Every open admin page hears it (`conversation-assigned`).
 */
export const ConversationAssignRequest = object({ assigneeId: nullable(size(string(), 1, 128)) });
export type ConversationAssignRequest = Infer<typeof ConversationAssignRequest>;

// ---------- bots ----------

export const botStepTypes = ["message", "buttons", "collect", "handover"] as const;

/** What a `collect` step asks for: a line of text, an e-mail address, or one of its options. */
export const botFieldTypes = ["text", "email", "choice"] as const;

/**
 * A scripted step. `message` says `text` and goes on to `next` (or ends); `buttons` offers choices,
 * each going to its `next`; `collect` asks for a field and stores the answer under `field.key`;
 * `handover` starts a conversation with a human, carrying the transcript and what was collected.
 */
export const BotStep = object({
  id: Key,
  type: enums(botStepTypes),
  text: optional(boundedText(0, 4000)),
  buttons: optional(
    size(array(object({ label: boundedText(1, 100), next: optional(nullable(string())) })), 0, 10),
  ),
  field: optional(
    object({
      key: boundedText(1, 64),
      label: boundedText(1, 200),
      type: enums(botFieldTypes),
      /** The answers a `choice` field offers (the visitor picks one). */
      options: optional(size(array(boundedText(1, 100)), 0, 10)),
    }),
  ),
  next: optional(nullable(string())),
});
export type BotStep = Infer<typeof BotStep>;

export const BotWrite = object({
  name: boundedText(1, 200),
  avatarUrl: optional(nullable(ImageUrl)),
  /**
   * The first step is where the bot starts; the rules are src/shared/bot-graph.ts's (unique ids, every
   * `next` names a step, `buttons` steps have buttons, `collect` steps a field, a choice its options).
   */
  steps: refine(size(array(BotStep), 1, 100), "steps", botGraphVerdict),
  status: enums(["draft", "live"]),
});
export type BotWrite = Infer<typeof BotWrite>;

export interface Bot {
  id: string;
  name: string;
  avatarUrl: string | null;
  steps: BotStep[];
}

// ---------- surveys ----------

export const surveyQuestionTypes = ["nps", "rating", "single", "multiple", "text"] as const;

export const SurveyQuestion = object({
  id: Key,
  type: enums(surveyQuestionTypes),
  title: boundedText(1, 500),
  description: optional(boundedText(0, 1000)),
  required: optional(boolean()),
  /** Choices of single and multiple questions. */
  options: optional(size(array(boundedText(1, 200)), 0, 30)),
  /** Rating scale (stars, 1 to scale), 5 by default, 2 to 10; NPS is always 0–10. */
  scale: optional(max(min(integer(), 2), 10)),
});
export type SurveyQuestion = Infer<typeof SurveyQuestion>;

/** A choice question with fewer than this many choices asks nothing. */
export const minSurveyChoices = 2;

/** Whether the question is answered by picking among its options. */
export const isChoiceQuestion = (question: Pick<SurveyQuestion, "type">): boolean =>
  question.type === "single" || question.type === "multiple";

export const SurveyWrite = object({
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  /** Question ids are unique; single and multiple questions offer at least two different choices. */
  questions: refine(size(array(SurveyQuestion), 1, 30), "questions", (questions) => {
    const missing = questions.find(
      (question) => isChoiceQuestion(question) && new Set(question.options ?? []).size < minSurveyChoices,
    );
    if (missing) return `${missing.id} needs at least ${minSurveyChoices} different options`;
    return uniqueBy(questions, (question) => question.id, "question ids");
  }),
  /** Whether a session may answer more than once. */
  allowMultipleAnswers: optional(boolean()),
  thankYouMessage: optional(boundedText(0, 1000)),
  status: enums(["draft", "live"]),
});
export type SurveyWrite = Infer<typeof SurveyWrite>;

export interface Survey extends Omit<SurveyWrite, "status"> {
  id: string;
  /** Whether this session has answered already (then a survey without multiple answers is closed). */
  answered: boolean;
}

/**
 * Answers by question id: a whole number (nps 0–10, rating 1–scale), a choice (single), choices
 * (multiple), or a text. Unknown ids, wrong kinds, unknown options and missing required answers are a
 * 400 naming `answers.{questionId}`; a second answer of a session to a survey without
 * `allowMultipleAnswers` is a 409.
 */
export const SurveyAnswerRequest = object({
  answers: record(
    boundedText(1, 64),
    union([number(), boundedText(0, 5000), size(array(boundedText(0, 200)), 0, 30)]),
  ),
});
export type SurveyAnswerRequest = Infer<typeof SurveyAnswerRequest>;

// ---------- help center ----------

/**
 * The help center speaks the widget's languages (content-languages.ts): the record's own fields are
 * the English version, `translations.de` and `translations.ar` the others. A visitor gets the version
 * of the messenger's language (the widget routes' `lang`, else the session's), and English wherever
 * that version is missing or a field of it is empty.
 */
export const helpLanguages = contentLanguages;
export type HelpLanguage = ContentLanguage;
export const helpBaseLanguage = contentBaseLanguage;
/** The languages a record may carry besides its own (English) fields. */
export type HelpTranslationLanguage = TranslationLanguage;

/** A URL-friendly name of an article (`reset-your-password`): lower-case letters, digits and dashes. */
export const HelpSlug = pattern(boundedText(0, 120), /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);

export const HelpCollectionVersion = object({
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
});
export type HelpCollectionVersion = Infer<typeof HelpCollectionVersion>;

export const HelpCollectionWrite = object({
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  icon: optional(boundedText(0, 40)),
  position: optional(Position),
  translations: translationsOf(HelpCollectionVersion),
});
export type HelpCollectionWrite = Infer<typeof HelpCollectionWrite>;

export interface HelpCollection {
  id: string;
  title: string;
  description: string;
  icon: string;
  articleCount: number;
}

export const HelpArticleVersion = object({
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  /** HTML; sanitized when stored and again by every client that shows it. Ignored when `bodyDoc` is given. */
  body: optional(boundedText(0, 200_000)),
  /** The body as the admin's rich-text editor wrote it; stored, and rendered to `body` on the server. */
  bodyDoc: optional(nullable(TipTapDocument)),
});
export type HelpArticleVersion = Infer<typeof HelpArticleVersion>;

export const HelpArticleWrite = object({
  collectionId: boundedText(1, 128),
  title: boundedText(1, 200),
  description: optional(boundedText(0, 1000)),
  /** HTML; sanitized when stored and again by every client that shows it. Ignored when `bodyDoc` is given. */
  body: optional(boundedText(0, 200_000)),
  bodyDoc: optional(nullable(TipTapDocument)),
  /** Unique in the project; empty or missing: made from the (English) title. */
  slug: optional(HelpSlug),
  status: enums(["draft", "live"]),
  position: optional(Position),
  translations: translationsOf(HelpArticleVersion),
});
export type HelpArticleWrite = Infer<typeof HelpArticleWrite>;

export interface HelpArticleSummary {
  id: string;
  collectionId: string;
  title: string;
  description: string;
}

export interface HelpArticle extends HelpArticleSummary {
  body: string;
  updatedAt: string;
}

export interface HelpSearchResult extends HelpArticleSummary {
  /** A plain-text excerpt around the first match (of the body, else the description), at most ~160 characters. */
  snippet: string;
  score: number;
}

/** `GET /help/search?q=`: at most this many characters of query (longer is a 400) and results. */
export const helpSearchLimits = { queryLength: 200, results: 20 } as const;

/**
 * Admin `GET /api/projects/{p}/help/search-preview?q=&lang=en|de|ar&drafts=true|false`: the messenger's
 * ranking over the project's articles in that language (live ones, and drafts too when asked).
 */
export interface HelpSearchPreview {
  language: HelpLanguage;
  results: Array<HelpSearchResult & { status: "draft" | "live" }>;
}

// ---------- news ----------

/** A post in another language: its own title, and what else it translates (empty: the English). */
export const NewsVersion = object({
  title: boundedText(1, 200),
  preview: optional(boundedText(0, 500)),
  /** HTML; sanitized when stored. Ignored when `bodyDoc` is given. */
  body: optional(boundedText(0, 200_000)),
  bodyDoc: optional(nullable(TipTapDocument)),
});
export type NewsVersion = Infer<typeof NewsVersion>;

export const NewsWrite = object({
  title: boundedText(1, 200),
  preview: optional(boundedText(0, 500)),
  /** HTML; sanitized when stored. Ignored when `bodyDoc` is given (the admin then sends ""). */
  body: boundedText(0, 200_000),
  /** The body as the admin's rich-text editor wrote it; stored, and rendered to `body` on the server. */
  bodyDoc: optional(nullable(TipTapDocument)),
  coverImageUrl: optional(nullable(ImageUrl)),
  authorName: optional(boundedText(0, 200)),
  status: enums(["draft", "live"]),
  /** The post in the widget's other languages; a visitor of another language gets the English one. */
  translations: translationsOf(NewsVersion),
});
export type NewsWrite = Infer<typeof NewsWrite>;

export interface NewsSummary {
  id: string;
  title: string;
  preview: string;
  coverImageUrl: string | null;
  authorName: string;
  /** When the post first went live. */
  publishedAt: string;
}

export interface NewsPost extends NewsSummary {
  body: string;
}

// ---------- feature requests ----------

export const featureRequestStatuses = ["open", "planned", "in_progress", "done", "declined"] as const;
export type FeatureRequestStatus = (typeof featureRequestStatuses)[number];

export const NewFeatureRequest = object({
  title: boundedText(3, 200),
  description: optional(boundedText(0, 5000)),
});
export type NewFeatureRequest = Infer<typeof NewFeatureRequest>;

/**
 * The admin's edit: wording and status, and `hidden` to take a request off the visitors' board
 * (left out, a request keeps whether it was hidden).
 */
export const FeatureRequestWrite = object({
  title: boundedText(3, 200),
  description: optional(boundedText(0, 5000)),
  status: enums(featureRequestStatuses),
  hidden: optional(boolean()),
});
export type FeatureRequestWrite = Infer<typeof FeatureRequestWrite>;

/** Most duplicates one merge takes (a board's cleanup, not a bulk import). */
export const featureRequestMergeLimit = 50;

/**
 * `POST feature-requests/{id}/merge`: the duplicates to fold into request `{id}`. Their voters vote
 * for `{id}` afterwards (a visitor who voted for several counts once) and the duplicates are deleted.
 */
export const FeatureRequestMerge = object({
  duplicateIds: refine(size(array(boundedText(1, 128)), 1, featureRequestMergeLimit), "duplicateIds", (ids) =>
    uniqueBy(ids, (id) => id, "duplicate ids"),
  ),
});
export type FeatureRequestMerge = Infer<typeof FeatureRequestMerge>;

/** `GET /feature-requests` answers at most this many (sorted `top`: most votes first, or `new`). */
export const featureRequestListLimit = 200;

export interface FeatureRequest {
  id: string;
  title: string;
  description: string;
  status: FeatureRequestStatus;
  votes: number;
  /** Whether this session voted for it. */
  voted: boolean;
  /**
   * Waiting for an admin's approval (projects that approve requests first): only its author sees it
   * until then. The server always sends it; optional for answers stored before it existed.
   */
  pending?: boolean;
  createdAt: string;
}

// ---------- checklists and home ----------

export interface ChecklistSummary {
  outboundId: string;
  title: string;
  /** The session's instance, once started. */
  checklistId: string | null;
  done: number;
  total: number;
  status: "open" | "done";
}

/** The first screen in one request (the messenger must be interactive within 1 s on a slow phone). */
export interface MessengerHome {
  /** Live flows marked for the home screen, in their order. */
  flows: Array<Pick<FeedbackFlow, "key" | "title" | "description" | "icon">>;
  /** The newest three news posts. */
  news: NewsSummary[];
  /** The newest open conversation, if any. */
  conversation: ConversationSummary | null;
  /** Unread staff and bot messages over every conversation of the session. */
  unreadMessages: number;
  checklists: ChecklistSummary[];
  /** Whether the project has live help articles and feature requests (tabs show only then). */
  hasHelpCenter: boolean;
  hasFeatureRequests: boolean;
}

// ---------- admin answers (under /api/projects) ----------

export interface AdminProject {
  id: string;
  name: string;
  sdkKey: string;
  createdAt: string;
}

interface Stored {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export interface AdminFeedbackFlow extends Stored {
  key: string;
  title: string;
  description: string;
  feedbackType: string;
  fields: FlowField[];
  successMessage: string;
  showOnHome: boolean;
  icon: string;
  status: "draft" | "live";
  position: number;
  /** As written; the widget also translates a default flow's unchanged English texts by itself. */
  translations: Translations<FeedbackFlowVersion>;
}

export interface AdminBot extends Stored {
  name: string;
  avatarUrl: string | null;
  steps: BotStep[];
  status: "draft" | "live";
}

export interface AdminSurvey extends Stored {
  title: string;
  description: string;
  questions: SurveyQuestion[];
  allowMultipleAnswers: boolean;
  thankYouMessage: string;
  status: "draft" | "live";
  /** Answers received. */
  responses: number;
}

export interface AdminHelpCollection extends Stored {
  title: string;
  description: string;
  icon: string;
  position: number;
  /** Articles of every status. */
  articleCount: number;
  translations: Translations<HelpCollectionVersion>;
}

/** A stored language version of an article: what was written, and its body as served. */
export interface AdminHelpArticleVersion {
  title: string;
  description: string;
  body: string;
  bodyDoc: TipTapDoc | null;
}

export interface AdminHelpArticle extends Stored, AdminHelpArticleVersion {
  collectionId: string;
  slug: string;
  status: "draft" | "live";
  position: number;
  translations: Translations<AdminHelpArticleVersion>;
}

/** A stored language version of a post: what was written, and its body as served. */
export interface AdminNewsVersion {
  title: string;
  preview: string;
  /** The HTML visitors get. */
  body: string;
  /** The body as the editor wrote it; null for a post written as HTML (before the editor, or by API). */
  bodyDoc: TipTapDoc | null;
}

export interface AdminNewsPost extends Stored, AdminNewsVersion {
  coverImageUrl: string | null;
  authorName: string;
  status: "draft" | "live";
  /** Set when the post first goes live; null for a draft that never was. */
  publishedAt: string | null;
  translations: Translations<AdminNewsVersion>;
}

export interface AdminFeatureRequest extends Stored {
  title: string;
  description: string;
  status: FeatureRequestStatus;
  votes: number;
  /** Public on the board; false while a visitor's request waits for approval. */
  approved: boolean;
  /** Taken off the visitors' board by an admin (not even its author sees it). */
  hidden: boolean;
  /** The widget session that submitted it; null for the admin's own. */
  sessionId: string | null;
}

/**
 * `GET surveys/{id}/responses` (a list page, newest first; `sort=createdAt` or `-createdAt`): each
 * answer with who gave it and where. The session is the widget session (null once it was deleted);
 * `user` is what the session knew of the visitor when read (null for an anonymous one).
 */
export interface SurveyResponse {
  id: string;
  /** Answers by question id, as stored (see SurveyAnswerRequest). */
  answers: Record<string, number | string | string[]>;
  sessionId: string | null;
  user: { userId: string | null; name: string | null; email: string | null } | null;
  /** The page the visitor was on when answering; null when unknown (answers stored before the page was kept). */
  pageUrl: string | null;
  createdAt: string;
}

/** `GET surveys/{id}/results`: one entry per current question, in order. */
export interface SurveyResults {
  surveyId: string;
  /** Answers received in all. */
  responses: number;
  questions: SurveyQuestionResult[];
}

export interface SurveyQuestionResult {
  id: string;
  type: (typeof surveyQuestionTypes)[number];
  title: string;
  /** Responses that answered this question. */
  answered: number;
  /** single and multiple: every option with its count, in the question's order. */
  options?: Array<{ option: string; count: number }>;
  /** nps: score = % promoters (9–10) − % detractors (0–6), rounded; distribution[n] answers of n (0–10). */
  nps?: {
    score: number | null;
    promoters: number;
    passives: number;
    detractors: number;
    distribution: number[];
  };
  /** rating: the mean rounded to two places (null without answers); distribution[n − 1] answers of n. */
  rating?: { average: number | null; scale: number; distribution: number[] };
  /** text: the answers, newest first (at most 500). */
  texts?: Array<{ text: string; createdAt: string }>;
}

export interface AdminConversationSummary {
  id: string;
  shareToken: string;
  subject: string;
  status: ConversationStatus;
  /** The visitor: their widget session and what it knows of them. */
  session: { id: string; userId: string | null; name: string | null; email: string | null };
  lastMessage: ConversationMessage | null;
  /** Visitor messages staff have not read. */
  unread: number;
  /** The admin working on it, or null. */
  assignee: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** In a list searched with `q`: where the conversation matched (search-api.ts). */
  match?: SearchMatch | null;
}

export interface AdminConversation extends AdminConversationSummary {
  botId: string | null;
  /** What a bot collected before the handover. */
  collected: Record<string, string>;
  messages: ConversationMessage[];
  /** The visitor's read mark: the id of the last message they have seen, or null. */
  visitorLastReadMessageId: string | null;
  closedAt: string | null;
}
