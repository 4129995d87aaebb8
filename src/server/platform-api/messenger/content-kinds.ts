import type { SQL } from "bun";
import { type AdminBot, BotWrite } from "../../../shared/bots-api.ts";
import { type AdminFeatureRequest, FeatureRequestWrite } from "../../../shared/feature-requests-api.ts";
import { type AdminFeedbackFlow, FeedbackFlowWrite } from "../../../shared/feedback-flows-api.ts";
import {
  type AdminHelpArticle,
  type AdminHelpCollection,
  HelpArticleWrite,
  HelpCollectionWrite,
} from "../../../shared/help-center-api.ts";
import { type AdminNewsPost, NewsWrite } from "../../../shared/news-api.ts";
import { type AdminSurvey, SurveyWrite } from "../../../shared/surveys-api.ts";
import {
  botNotFoundMessage,
  botSortColumns,
  deleteBot,
  findBot,
  insertBot,
  listBots,
  updateBot,
} from "../../domain/bots/bots-repository.ts";
import {
  deleteFeatureRequest,
  featureRequestNotFoundMessage,
  featureRequestSortColumns,
  findFeatureRequest,
  insertFeatureRequest,
  listFeatureRequests,
  updateFeatureRequest,
} from "../../domain/feature-requests/feature-requests-repository.ts";
import {
  deleteFlow,
  findFlow,
  flowKeyTakenMessage,
  flowNotFoundMessage,
  flowSortColumns,
  insertFlow,
  listFlows,
  updateFlow,
} from "../../domain/flows/flows-repository.ts";
import {
  articleNotFoundMessage,
  articleSlugTakenMessage,
  articleSortColumns,
  collectionNotFoundMessage,
  collectionSortColumns,
  deleteArticle,
  deleteCollection,
  findArticle,
  findCollection,
  insertArticle,
  insertCollection,
  listArticles,
  listCollections,
  updateArticle,
  updateCollection,
} from "../../domain/help/help-repository.ts";
import {
  deleteNews,
  findNews,
  insertNews,
  listNews,
  newsNotFoundMessage,
  newsSortColumns,
  updateNews,
} from "../../domain/news/news-repository.ts";
import type { WriteOutcome } from "../../domain/repository-helpers.ts";
import {
  deleteSurvey,
  findSurvey,
  insertSurvey,
  listSurveys,
  surveyNotFoundMessage,
  surveySortColumns,
  updateSurvey,
} from "../../domain/surveys/surveys-repository.ts";
import type { ContentKind } from "./content-handlers/content-kind.ts";

/** The kinds of messenger content with plain CRUD under `/api/projects/{projectId}/…`. */

type Kind<Write, Record> = ContentKind<Write, Record>;

/** A kind's writes; the repository's insert is called without its optional parameters (an id, options). */
interface ContentWrites<Write, Record> {
  insert(sql: SQL, projectId: string, body: Write): Promise<WriteOutcome>;
  update: Kind<Write, Record>["update"];
  remove: Kind<Write, Record>["remove"];
}

/** A kind from its names and schema, its list and read, its writes and what its audit entries tell. */
function contentKind<Write, Record>(
  names: Pick<Kind<Write, Record>, "path" | "entity" | "notFoundMessage" | "schema" | "uniqueViolation">,
  reads: Pick<Kind<Write, Record>, "sortable" | "defaultSort" | "list" | "find">,
  { insert, update, remove }: ContentWrites<Write, Record>,
  describe: Kind<Write, Record>["describe"],
): Kind<Write, Record> {
  return {
    ...names,
    ...reads,
    insert: (sql, projectId, body) => insert(sql, projectId, body),
    update,
    remove,
    describe,
  };
}

export const feedbackFlowsKind = contentKind<FeedbackFlowWrite, AdminFeedbackFlow>(
  {
    path: "feedback-flows",
    entity: "feedback_flow",
    notFoundMessage: flowNotFoundMessage,
    schema: FeedbackFlowWrite,
    uniqueViolation: { ok: false, status: 409, error: flowKeyTakenMessage, field: "key" },
  },
  { sortable: flowSortColumns, defaultSort: "position", list: listFlows, find: findFlow },
  { insert: insertFlow, update: updateFlow, remove: deleteFlow },
  (flow) => ({ key: flow.key, title: flow.title }),
);

export const botsKind = contentKind<BotWrite, AdminBot>(
  { path: "bots", entity: "bot", notFoundMessage: botNotFoundMessage, schema: BotWrite },
  { sortable: botSortColumns, defaultSort: "name", list: listBots, find: findBot },
  { insert: insertBot, update: updateBot, remove: deleteBot },
  (bot) => ({ name: bot.name }),
);

export const surveysKind = contentKind<SurveyWrite, AdminSurvey>(
  { path: "surveys", entity: "survey", notFoundMessage: surveyNotFoundMessage, schema: SurveyWrite },
  { sortable: surveySortColumns, defaultSort: "-createdAt", list: listSurveys, find: findSurvey },
  { insert: insertSurvey, update: updateSurvey, remove: deleteSurvey },
  (survey) => ({ title: survey.title }),
);

/** `?force=true` deletes the collection's articles with it; without, a collection with articles is a 409. */
const removeCollection: Kind<HelpCollectionWrite, AdminHelpCollection>["remove"] = async (
  sql,
  projectId,
  id,
  url,
) => {
  const force = url.searchParams.get("force") ?? "false";
  if (force !== "true" && force !== "false")
    return { ok: false, status: 400, error: "force must be true or false", field: "force" };
  return deleteCollection(sql, projectId, id, force === "true");
};

export const helpCollectionsKind = contentKind<HelpCollectionWrite, AdminHelpCollection>(
  {
    path: "help/collections",
    entity: "help_collection",
    notFoundMessage: collectionNotFoundMessage,
    schema: HelpCollectionWrite,
  },
  { sortable: collectionSortColumns, defaultSort: "position", list: listCollections, find: findCollection },
  { insert: insertCollection, update: updateCollection, remove: removeCollection },
  (collection) => ({ title: collection.title }),
);

export const helpArticlesKind = contentKind<HelpArticleWrite, AdminHelpArticle>(
  {
    path: "help/articles",
    entity: "help_article",
    notFoundMessage: articleNotFoundMessage,
    schema: HelpArticleWrite,
    uniqueViolation: { ok: false, status: 409, error: articleSlugTakenMessage, field: "slug" },
  },
  { sortable: articleSortColumns, defaultSort: "position", list: listArticles, find: findArticle },
  { insert: insertArticle, update: updateArticle, remove: deleteArticle },
  (article) => ({ title: article.title, collectionId: article.collectionId }),
);

export const newsKind = contentKind<NewsWrite, AdminNewsPost>(
  { path: "news", entity: "news_post", notFoundMessage: newsNotFoundMessage, schema: NewsWrite },
  { sortable: newsSortColumns, defaultSort: "-createdAt", list: listNews, find: findNews },
  { insert: insertNews, update: updateNews, remove: deleteNews },
  (post) => ({ title: post.title }),
);

export const featureRequestsKind = contentKind<FeatureRequestWrite, AdminFeatureRequest>(
  {
    path: "feature-requests",
    entity: "feature_request",
    notFoundMessage: featureRequestNotFoundMessage,
    schema: FeatureRequestWrite,
  },
  {
    sortable: featureRequestSortColumns,
    defaultSort: "-votes",
    list: listFeatureRequests,
    find: findFeatureRequest,
  },
  { insert: insertFeatureRequest, update: updateFeatureRequest, remove: deleteFeatureRequest },
  (request) => ({ title: request.title, status: request.status, hidden: request.hidden }),
);
