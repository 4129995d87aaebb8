import { type InboxListQuery, inboxListApiParams } from "./inbox-list-query.ts";

/**
 * The inbox's request paths, shared by its API calls (inbox-api.ts) and the requests a page load starts
 * before the screen's code is there (inbox-routes.ts): an early answer is taken by the very same path.
 */
export const reportApiPath = (id: string) => `/api/feedback/${encodeURIComponent(id)}`;

export const inboxListApiPath = (query: InboxListQuery) => `/api/feedback?${inboxListApiParams(query)}`;
