import { messages as formRules } from "../../shared/form-rule-messages.ts";
import type { assignmentMessagesEnUS } from "../assignments/assignment-messages.ts";
import type { botMessagesEnUS } from "../bots/bot-messages.ts";
import type { challengeMessagesEnUS } from "../challenges/challenge-messages.ts";
import type { contentMessagesEnUS } from "../content/content-messages.ts";
import type { surveyResponseMessagesEnUS } from "../content/survey-response-messages.ts";
import type { conversationMessagesEnUS } from "../conversations/conversation-messages.ts";
import type { dashboardMessagesEnUS } from "../dashboard/dashboard-messages.ts";
import type { featureRequestMessagesEnUS } from "../feature-requests/feature-request-messages.ts";
import type { helpMessagesEnUS } from "../help/help-messages.ts";
import type { inboxMessagesEnUS } from "../inbox/inbox-messages.ts";
import type { noteMessagesEnUS } from "../notes/note-messages.ts";
import type { profileMessagesEnUS } from "../profile/profile-messages.ts";
import type { projectMessagesEnUS } from "../projects/project-messages.ts";
import type { webhookMessagesEnUS } from "../projects/webhook-messages.ts";
import type { reportMessagesEnUS } from "../reports/report-messages.ts";
import type { richTextMessagesEnUS } from "../rich-text/rich-text-messages.ts";
import type { savedReplyMessagesEnUS } from "../saved-replies/saved-reply-messages.ts";
import type { languageTabsMessagesEnUS } from "../shell/form/language-tabs-messages.ts";
import type { navigationMessagesEnUS } from "../shell/layout/navigation-messages.ts";
import { shellMessagesEnUS } from "../shell/shell-messages.ts";
import type { skillMessagesEnUS } from "../skills/skill-messages.ts";
import type { teamMessagesEnUS } from "../team/team-messages.ts";
import type { visitorMessagesEnUS } from "../visitors/visitor-messages.ts";
import type { recordsMessagesEnUS } from "./records-messages.ts";

/**
 * The English (US) catalogue: the source of every admin text. Texts the server also sends (form rules)
 * come from src/shared/form-rules.ts so both sides say the same words.
 */
export const enUS = {
  "app.name": "Morph Admin",
  "landing.lead":
    "Manage the learning and jobs platform: users, jobs, companies, challenges, the skill tree and reported tasks, and read what visitors send through the feedback widget.",
  "landing.signIn": "Sign in",
  "landing.tryWidget": "Try the feedback widget",
  "login.title": "Admin Login",
  "login.subtitle": "Please enter your credentials",
  "login.login": "E-mail or nickname",
  "login.password": "Password",
  "login.submit": "Sign in",
  "login.submitting": "Signing in…",
  "login.verifying":
    "Many failed sign-ins on this account: checking that you are human, this takes a few seconds…",
  "login.mfaTitle": "Two-step verification",
  "login.mfaHint": "Enter the 6-digit code from your authenticator app.",
  "login.code": "6-digit code",
  "login.verify": "Verify",
  "login.back": "Use another account",
  "login.failed": "Sign-in failed",
  "login.notAuthorized": "You are not authorized to use this dashboard.",
  "form.invalid": formRules.form,
  "form.code": formRules.code,
  "form.required": "{field} is required",
  "nav.goBack": "Go Back",
  "notFound.title": "Page not found: {path}",
  "toast.close": "Close",
  "toast.error": "Something went wrong",
  "language.label": "Language",
  "language.en-US": "English",
  "language.de": "Deutsch",
  "loading.page": "Loading…",
  "confirm.cancel": "Cancel",
  // In the core catalogue, so a form of any area has it without loading another area's texts.
  "form.cancel": "Cancel",
  "time.justCreated": "Just created",
  "list.pagination": "Pages",
  "list.page": "Page {page} of {pages}",
  "list.previous": "Previous",
  "list.next": "Next",
  "list.pageSize": "Per page",
  "form.tooShort": "Must be greater than {n} characters",
  "form.tooLong": "Must be less than {n} characters",
  "form.atLeast": "Must be at least {n}",
  "form.atMost": "Must be at most {n}",
  "form.wholeNumber": "Must be a whole number",
  "form.salaryMax": formRules.salaryMax,
  "form.url": formRules.url,
  "form.email": formRules.email,
  "list.search": "Search",
  "list.retry": "Try again",
  "list.any": "Any",
  "list.reset": "Reset",
  "list.filters": "Filters",
  "list.firstPage": "First page",
  "list.previousPage": "Previous page",
  "list.nextPage": "Next page",
  "list.lastPage": "Last page",
  "list.goToPage": "Page {page}",
  "list.export": "Export CSV",
  "list.exporting": "Exporting… {percent} %",
  "list.exportHint": "Every row matching the search and filters, as a CSV file",
  "list.exportFailed": "The export failed",
  "list.id": "ID",
  "list.yes": "Yes",
  "list.no": "No",
  "theme.label": "Colour scheme",
  "theme.system": "System",
  "theme.light": "Light",
  "theme.dark": "Dark",
  "theme.systemNow": "System: {theme}",
  "salary.range": "{min} – {max} {unit} per {per}",
  ...shellMessagesEnUS,
} as const;

/** Ids of the eager catalogue: the shell, sign-in, and the screens not yet split out. */
export type CoreMessageId = keyof typeof enUS;
export type Catalogue = Record<CoreMessageId, string>;

/**
 * Every id a screen may use. The dashboard home's, users, jobs, companies, challenges, skill tree and reports texts live in their areas' lazy
 * chunks and are registered when one of their screens loads (admin-routes.tsx), so the sign-in route
 * does not download them.
 */
export type MessageId =
  | CoreMessageId
  | keyof typeof dashboardMessagesEnUS
  | keyof typeof challengeMessagesEnUS
  | keyof typeof skillMessagesEnUS
  | keyof typeof reportMessagesEnUS
  | keyof typeof inboxMessagesEnUS
  | keyof typeof noteMessagesEnUS
  | keyof typeof recordsMessagesEnUS
  | keyof typeof contentMessagesEnUS
  | keyof typeof conversationMessagesEnUS
  | keyof typeof projectMessagesEnUS
  | keyof typeof webhookMessagesEnUS
  | keyof typeof profileMessagesEnUS
  | keyof typeof savedReplyMessagesEnUS
  | keyof typeof richTextMessagesEnUS
  | keyof typeof helpMessagesEnUS
  | keyof typeof botMessagesEnUS
  | keyof typeof featureRequestMessagesEnUS
  | keyof typeof surveyResponseMessagesEnUS
  | keyof typeof visitorMessagesEnUS
  | keyof typeof navigationMessagesEnUS
  | keyof typeof languageTabsMessagesEnUS
  | keyof typeof teamMessagesEnUS
  | keyof typeof assignmentMessagesEnUS;

/** English server messages are shown as they are; the German catalogue translates the known ones. */
/**
 * English wording of server messages whose text is fixed in lower case by the spec's §8 catalogue or
 * is an API's plain sentence: an admin reads them as sentences.
 */
export const enUSServerErrors: Record<string, string> = {
  "invalid code": "Invalid code",
  "invalid verification code": "Invalid verification code",
  "captcha failed": "Human verification failed, please try again",
  "verify your account": "Please verify your account first",
  "account disabled, contact us": "Account disabled, contact us",
  "email already verified": "Email already verified",
  "password reset failed": "Password reset failed",
};
