import type { MessengerHome } from "../../../shared/messenger-home-api.ts";
import {
  countUnreadMessages,
  listSessionConversations,
} from "../../domain/conversations/conversations-repository.ts";
import { hasFeatureRequests } from "../../domain/feature-requests/feature-requests-repository.ts";
import { localizedFlow } from "../../domain/flows/flow-language.ts";
import { listHomeFlows } from "../../domain/flows/flows-repository.ts";
import { hasLiveArticles } from "../../domain/help/help-repository.ts";
import { listLiveNews } from "../../domain/news/news-repository.ts";
import { listChecklistSummaries } from "../../domain/outbounds/checklist-summaries.ts";
import { json } from "../../http/json-response.ts";
import { contentLanguageOf } from "../request-language.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { sessionOf } from "./route-context.ts";

/** The messenger's first screen in one request, and the checklists list. */
export function homeRoutes({ sql, sessionSecret }: WidgetRouteDeps): WidgetRoute[] {
  async function home(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const projectId = context.project.id;
    const language = contentLanguageOf(context);
    const [flows, news, conversations, unreadMessages, checklists, hasHelpCenter, hasRequests] =
      await Promise.all([
        listHomeFlows(sql, projectId),
        listLiveNews(sql, projectId, { limit: 3, language }),
        listSessionConversations(sql, session.id, { status: "open", limit: 1 }),
        countUnreadMessages(sql, session.id),
        listChecklistSummaries(sql, sessionSecret, { projectId, sessionId: session.id, language }),
        hasLiveArticles(sql, projectId),
        hasFeatureRequests(sql, projectId),
      ]);
    const answer: MessengerHome = {
      flows: flows
        .map((flow) => localizedFlow(flow, language))
        .map(({ key, title, description, icon }) => ({ key, title, description, icon })),
      news,
      conversation: conversations[0] ?? null,
      unreadMessages,
      checklists,
      hasHelpCenter,
      hasFeatureRequests: hasRequests,
    };
    return json(answer);
  }

  async function checklists(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    return json(
      await listChecklistSummaries(sql, sessionSecret, {
        projectId: context.project.id,
        sessionId: session.id,
        language: contentLanguageOf(context),
      }),
    );
  }

  return [
    { method: "GET", pattern: "/api/widget/messenger/home", auth: "session", handle: home },
    { method: "GET", pattern: "/api/widget/checklists", auth: "session", handle: checklists },
  ];
}
