import { ApiError } from "../shell/api-client.ts";

/**
 * Whether the server refused to start a conversation because the visitor opened too many lately
 * (429, per session and per address an hour): the new-conversation screen and a bot's handover then
 * say so (`conversation.tooManyStarts`) instead of only "not sent".
 */
export const tooManyStarts = (failure: unknown): boolean =>
  failure instanceof ApiError && failure.status === 429;
