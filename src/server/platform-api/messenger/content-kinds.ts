import {
  type AdminBot,
  type AdminFeatureRequest,
  type AdminFeedbackFlow,
  type AdminHelpArticle,
  type AdminHelpCollection,
  type AdminNewsPost,
  type AdminSurvey,
  BotWrite,
  FeatureRequestWrite,
  FeedbackFlowWrite,
  HelpArticleWrite,
  HelpCollectionWrite,
  NewsWrite,
  SurveyWrite,
} from "../../../shared/messenger-api.ts";
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
import {
  deleteSurvey,
  findSurvey,
  insertSurvey,
  listSurveys,
  surveyNotFoundMessage,
  surveySortColumns,
  updateSurvey,
} from "../../domain/surveys/surveys-repository.ts";
import type { ContentKind } from "./content-admin-routes.ts";

/** The kinds of messenger content with plain CRUD under `/api/projects/{projectId}/…`. */

export const feedbackFlowsKind: ContentKind<FeedbackFlowWrite, AdminFeedbackFlow> = {
  path: "feedback-flows",
  entity: "feedback_flow",
  notFoundMessage: flowNotFoundMessage,
  schema: FeedbackFlowWrite,
  sortable: flowSortColumns,
  defaultSort: "position",
  list: listFlows,
  find: findFlow,
  insert: (sql, projectId, body) => insertFlow(sql, projectId, body),
  update: updateFlow,
  remove: (sql, projectId, id) => deleteFlow(sql, projectId, id),
  describe: (flow) => ({ key: flow.key, title: flow.title }),
  uniqueViolation: { ok: false, status: 409, error: flowKeyTakenMessage, field: "key" },
};

export const botsKind: ContentKind<BotWrite, AdminBot> = {
  path: "bots",
  entity: "bot",
  notFoundMessage: botNotFoundMessage,
  schema: BotWrite,
  sortable: botSortColumns,
  defaultSort: "name",
  list: listBots,
  find: findBot,
  insert: (sql, projectId, body) => insertBot(sql, projectId, body),
  update: updateBot,
  remove: (sql, projectId, id) => deleteBot(sql, projectId, id),
  describe: (bot) => ({ name: bot.name }),
};

export const surveysKind: ContentKind<SurveyWrite, AdminSurvey> = {
  path: "surveys",
  entity: "survey",
  notFoundMessage: surveyNotFoundMessage,
  schema: SurveyWrite,
  sortable: surveySortColumns,
  defaultSort: "-createdAt",
  list: listSurveys,
  find: findSurvey,
  insert: (sql, projectId, body) => insertSurvey(sql, projectId, body),
  update: updateSurvey,
  remove: (sql, projectId, id) => deleteSurvey(sql, projectId, id),
  describe: (survey) => ({ title: survey.title }),
};

export const helpCollectionsKind: ContentKind<HelpCollectionWrite, AdminHelpCollection> = {
  path: "help/collections",
  entity: "help_collection",
  notFoundMessage: collectionNotFoundMessage,
  schema: HelpCollectionWrite,
  sortable: collectionSortColumns,
  defaultSort: "position",
  list: listCollections,
  find: findCollection,
  insert: (sql, projectId, body) => insertCollection(sql, projectId, body),
  update: updateCollection,
  /** `?force=true` deletes the collection's articles with it; without, a collection with articles is a 409. */
  remove: async (sql, projectId, id, url) => {
    const force = url.searchParams.get("force") ?? "false";
    if (force !== "true" && force !== "false")
      return { ok: false, status: 400, error: "force must be true or false", field: "force" };
    return deleteCollection(sql, projectId, id, force === "true");
  },
  describe: (collection) => ({ title: collection.title }),
};

export const helpArticlesKind: ContentKind<HelpArticleWrite, AdminHelpArticle> = {
  path: "help/articles",
  entity: "help_article",
  notFoundMessage: articleNotFoundMessage,
  schema: HelpArticleWrite,
  sortable: articleSortColumns,
  defaultSort: "position",
  list: listArticles,
  find: findArticle,
  insert: (sql, projectId, body) => insertArticle(sql, projectId, body),
  update: updateArticle,
  remove: (sql, projectId, id) => deleteArticle(sql, projectId, id),
  describe: (article) => ({ title: article.title, collectionId: article.collectionId }),
};

export const newsKind: ContentKind<NewsWrite, AdminNewsPost> = {
  path: "news",
  entity: "news_post",
  notFoundMessage: newsNotFoundMessage,
  schema: NewsWrite,
  sortable: newsSortColumns,
  defaultSort: "-createdAt",
  list: listNews,
  find: findNews,
  insert: (sql, projectId, body) => insertNews(sql, projectId, body),
  update: updateNews,
  remove: (sql, projectId, id) => deleteNews(sql, projectId, id),
  describe: (post) => ({ title: post.title }),
};

export const featureRequestsKind: ContentKind<FeatureRequestWrite, AdminFeatureRequest> = {
  path: "feature-requests",
  entity: "feature_request",
  notFoundMessage: featureRequestNotFoundMessage,
  schema: FeatureRequestWrite,
  sortable: featureRequestSortColumns,
  defaultSort: "-votes",
  list: listFeatureRequests,
  find: findFeatureRequest,
  insert: (sql, projectId, body) => insertFeatureRequest(sql, projectId, body),
  update: updateFeatureRequest,
  remove: (sql, projectId, id) => deleteFeatureRequest(sql, projectId, id),
  describe: (request) => ({ title: request.title, status: request.status }),
};
