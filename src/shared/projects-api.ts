/**
 * The widget projects as the admin lists them (a project's settings: inbox-api.ts).
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   GET  /api/projects                                    → AdminProject list
 */

export interface AdminProject {
  id: string;
  name: string;
  sdkKey: string;
  createdAt: string;
}
