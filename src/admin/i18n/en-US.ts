import { messages as formRules } from "../../shared/form-rules.ts";

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
  "nav.main": "Main navigation",
  "nav.dashboard": "Dashboard",
  "nav.users": "Users",
  "nav.jobs": "Jobs",
  "nav.skillTree": "Skill Tree",
  "nav.reportedTasks": "Reported Tasks",
  "nav.challengeCategories": "Challenge categories",
  "nav.goBack": "Go Back",
  "nav.signOut": "Sign out",
  "nav.signedInAs": "Signed in as",
  "nav.openMenu": "Open navigation",
  "notFound.title": "Page not found: {path}",
  "dashboard.title": "Dashboard",
  "dashboard.subtitle": "The platform at a glance",
  "dashboard.loading": "Loading the figures…",
  "dashboard.error": "The figures could not be loaded.",
  "dashboard.retry": "Try again",
  "dashboard.empty": "No data yet. Figures appear once the platform has users and content.",
  "dashboard.users": "Users",
  "dashboard.admins": "Admins",
  "dashboard.bannedUsers": "Banned users",
  "dashboard.newUsers": "New users (7 days)",
  "dashboard.companies": "Companies",
  "dashboard.jobs": "Jobs",
  "dashboard.challenges": "Challenges",
  "dashboard.tasks": "Tasks",
  "dashboard.openReports": "Open reports",
  "dashboard.categories": "Challenge categories",
  "dashboard.rootSkills": "Root skills",
  "toast.close": "Close",
  "toast.error": "Something went wrong",
  "language.label": "Language",
  "language.en-US": "English",
  "language.de": "Deutsch",
  "loading.page": "Loading…",
} as const;

export type MessageId = keyof typeof enUS;
export type Catalogue = Record<MessageId, string>;

/** English server messages are shown as they are; the German catalogue translates the known ones. */
export const enUSServerErrors: Record<string, string> = {};
