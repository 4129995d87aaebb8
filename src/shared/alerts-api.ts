/**
 * The admin's alert counts: what waits for this admin, in the navigation and the tab title
 * of every admin screen.
 *
 *   GET /api/admin/alerts → AdminAlerts (admins only)
 *
 * Both count what is unassigned or assigned to the admin asking: reports still open or in progress
 * that this admin has not opened, and open conversations with a visitor message no staff member has
 * read yet. An item whose internal notes mention the admin counts too until they open it (its notes
 * are read), whatever its status or assignee. The staff socket's pushes (report-created,
 * report-updated, conversation-message, conversation-status, staff-note, assigned-to-you) tell a screen
 * when to ask again.
 */
export interface AdminAlerts {
  reports: number;
  conversations: number;
  /**
   * Reports and conversations given to this admin by someone else or round robin that they have not
   * opened since (assignment-api.ts): their own count, beside "Mine" in the top bar.
   */
  assigned: number;
}
