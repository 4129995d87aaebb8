import type { SQL } from "bun";
import type { BotWrite } from "../../shared/bots-api.ts";
import type { FeatureRequestStatus } from "../../shared/feature-requests-api.ts";
import type { FeedbackFlowWrite } from "../../shared/feedback-flows-api.ts";
import type { HelpArticleWrite } from "../../shared/help-center-api.ts";
import type { NewsWrite } from "../../shared/news-api.ts";
import type { SurveyWrite } from "../../shared/surveys-api.ts";
import type { DemoDataSize } from "../config.ts";
import { insertBot } from "../domain/bots/bots-repository.ts";
import { addMessage, startConversation } from "../domain/conversations/conversations-repository.ts";
import { insertFeatureRequest } from "../domain/feature-requests/feature-requests-repository.ts";
import { defaultFeedbackFlows } from "../domain/flows/default-flows.ts";
import { insertFlow } from "../domain/flows/flows-repository.ts";
import { insertArticle, insertCollection } from "../domain/help/help-repository.ts";
import { insertNews } from "../domain/news/news-repository.ts";
import { createOutbound } from "../domain/outbounds/outbound-repository.ts";
import { insertSurvey } from "../domain/surveys/surveys-repository.ts";
import { day, demoEpoch, hour, iso, minute } from "./demo-clock.ts";
import { demoAvatar, demoBotAvatar, demoNewsCover } from "./demo-images.ts";
import { seedGuidesDemoData } from "./guides-demo.ts";
import { seedTourDemoData } from "./tours-demo.ts";

/**
 * The messenger's demo content for the demo project ("Acme Notes", a note-taking app). Every size gets
 * the three default feedback flows, since a visitor's Ctrl+U starts `bugreporting`; `full` adds the
 * help center, news, a survey with answers, a bot, a checklist, feature requests with votes and a
 * conversation with a staff reply. Deterministic: fixed ids (`demo-…`) and texts, dates relative to the
 * demo epoch; the news id of the seeded news notification (`demo-offline-spaces`) is a real post.
 */

/**
 * The default feedback flows, with the demo product's name in the feature request's description (so
 * that text is the admin's own and carries its own translations; the others are translated as defaults).
 */
export const demoFlows: FeedbackFlowWrite[] = defaultFeedbackFlows.map((flow) =>
  flow.key === "featurerequest"
    ? {
        ...flow,
        description: "Tell us what would make Acme Notes better for you.",
        translations: {
          de: { description: "Sagen Sie uns, was Acme Notes für Sie besser machen würde." },
          ar: { description: "أخبرنا بما يجعل Acme Notes أفضل بالنسبة لك." },
        },
      }
    : flow,
);

/** A UUIDv7-shaped id for a demo moment: sorts by time like the ids the server draws. */
export function demoUuid(ms: number, sequence: number): string {
  const time = ms.toString(16).padStart(12, "0");
  const counter = sequence.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter.slice(-3)}-8${counter.slice(-6, -3)}-${counter}`;
}

export async function seedMessengerDemoData(
  sql: SQL,
  { projectId, adminId, size }: { projectId: string; adminId: string; size: DemoDataSize },
): Promise<void> {
  for (const flow of demoFlows) {
    const outcome = await insertFlow(sql, projectId, flow, `demo-flow-${flow.key}`);
    if (!outcome.ok) throw new Error(`Demo flow ${flow.key}: ${outcome.error}`);
  }
  if (size !== "full") return;
  await seedHelpCenter(sql, projectId);
  await seedNews(sql, projectId);
  await insertBot(sql, projectId, demoBot, "demo-bot-assistant");
  await seedChecklist(sql, projectId);
  await seedTourDemoData(sql, projectId);
  await seedGuidesDemoData(sql, projectId);
  const sessions = await seedVisitors(sql, projectId);
  await seedSurvey(sql, projectId, sessions);
  await seedFeatureRequests(sql, projectId, sessions);
  await seedConversation(sql, projectId, adminId, sessions[0] ?? "");
}

// ---------- help center ----------

const collections = [
  {
    id: "demo-collection-getting-started",
    title: "Getting started",
    description: "Your first notes, notebooks and the shortcuts that save time.",
    icon: "rocket",
    position: 0,
    translations: {
      de: {
        title: "Erste Schritte",
        description: "Ihre ersten Notizen, Notizbücher und Tastenkürzel, die Zeit sparen.",
      },
    },
  },
  {
    id: "demo-collection-sync-sharing",
    title: "Sync and sharing",
    description: "Shared spaces, offline work and getting your notes out again.",
    icon: "users",
    position: 1,
    translations: {
      de: {
        title: "Synchronisieren und teilen",
        description: "Geteilte Bereiche, offline arbeiten und Notizen wieder exportieren.",
      },
    },
  },
];

const articles: Array<HelpArticleWrite & { id: string }> = [
  {
    id: "demo-article-first-note",
    collectionId: "demo-collection-getting-started",
    title: "Create your first note",
    description: "Notebooks, notes and the editor in two minutes.",
    body: `<p>Every note lives in a <strong>notebook</strong>. Your account starts with one called <em>Personal</em>.</p>
<h2>Write a note</h2>
<ol><li>Press <code>N</code> or choose <strong>New note</strong> in the sidebar.</li><li>Give it a title and start typing: it saves as you go.</li><li>Drag the note onto another notebook to move it.</li></ol>
<h2>Format as you type</h2>
<p>Start a line with <code>#</code> for a heading, <code>-</code> for a list or <code>[]</code> for a checkbox.</p>`,
    status: "live",
    position: 0,
    translations: {
      de: {
        title: "Ihre erste Notiz",
        description: "Notizbücher, Notizen und der Editor in zwei Minuten.",
        body: `<p>Jede Notiz liegt in einem <strong>Notizbuch</strong>. Ihr Konto beginnt mit einem namens <em>Persönlich</em>.</p>
<h2>Eine Notiz schreiben</h2>
<ol><li>Drücken Sie <code>N</code> oder wählen Sie <strong>Neue Notiz</strong> in der Seitenleiste.</li><li>Geben Sie einen Titel ein und schreiben Sie los: Alles wird laufend gespeichert.</li><li>Ziehen Sie die Notiz auf ein anderes Notizbuch, um sie zu verschieben.</li></ol>`,
      },
    },
  },
  {
    id: "demo-article-tags",
    collectionId: "demo-collection-getting-started",
    title: "Organize notes with tags",
    description: "Find related notes across notebooks.",
    body: `<p>Tags group notes across notebooks. Type <code>#</code> followed by a word anywhere in a note, or use the tag field under the title.</p>
<ul><li>Click a tag in the sidebar to see every note that has it.</li><li>Rename or merge tags under <strong>Settings → Tags</strong>.</li></ul>
<p>Tip: combine tags in search, for example <code>#meeting #q4</code>.</p>`,
    status: "live",
    position: 1,
  },
  {
    id: "demo-article-shortcuts",
    collectionId: "demo-collection-getting-started",
    title: "Keyboard shortcuts",
    description: "Move around Acme Notes without the mouse.",
    body: `<ul><li><code>N</code>: new note</li><li><code>Ctrl</code> + <code>K</code>: search everything</li><li><code>Ctrl</code> + <code>Shift</code> + <code>S</code>: share the current note</li><li><code>Ctrl</code> + <code>/</code>: show every shortcut</li></ul>
<p>On a Mac, use <code>⌘</code> instead of <code>Ctrl</code>.</p>`,
    status: "live",
    position: 2,
  },
  {
    id: "demo-article-share-space",
    collectionId: "demo-collection-sync-sharing",
    title: "Share a space with your team",
    description: "Invite people to a shared space and choose what they may do.",
    body: `<p>A shared space is a notebook your whole team works in. Open the space, choose <strong>Share</strong> and enter your teammates' email addresses.</p>
<h2>Roles</h2>
<ul><li><strong>Editors</strong> write and organize notes.</li><li><strong>Viewers</strong> read and comment.</li></ul>
<p>Changes sync to everyone within seconds, and offline edits merge when you reconnect.</p>`,
    status: "live",
    position: 0,
    translations: {
      de: {
        title: "Einen Bereich mit Ihrem Team teilen",
        description: "Laden Sie Personen in einen geteilten Bereich ein und legen Sie fest, was sie dürfen.",
        body: `<p>Ein geteilter Bereich ist ein Notizbuch, in dem Ihr ganzes Team arbeitet. Öffnen Sie den Bereich, wählen Sie <strong>Teilen</strong> und geben Sie die E-Mail-Adressen Ihrer Teammitglieder ein.</p>
<h2>Rollen</h2>
<ul><li><strong>Bearbeiter</strong> schreiben und ordnen Notizen.</li><li><strong>Leser</strong> lesen und kommentieren.</li></ul>`,
      },
    },
  },
  {
    id: "demo-article-offline",
    collectionId: "demo-collection-sync-sharing",
    title: "Work offline",
    description: "Keep writing without a connection; everything syncs later.",
    body: `<p>Acme Notes keeps a copy of your notes and shared spaces on your device. Without a connection you can read, write and organize as usual.</p>
<p>When you are back online, your changes sync automatically. If a teammate edited the same paragraph, both versions are kept and marked so you can choose.</p>
<blockquote>Offline sync for shared spaces needs Acme Notes 3.0 or later.</blockquote>`,
    status: "live",
    position: 1,
    translations: {
      de: {
        title: "Offline arbeiten",
        description: "Schreiben Sie ohne Verbindung weiter; alles wird später synchronisiert.",
        body: `<p>Acme Notes behält eine Kopie Ihrer Notizen und geteilten Bereiche auf Ihrem Gerät. Ohne Verbindung lesen, schreiben und ordnen Sie wie gewohnt.</p>
<p>Sobald Sie wieder online sind, werden Ihre Änderungen automatisch synchronisiert.</p>`,
      },
    },
  },
  {
    id: "demo-article-export",
    collectionId: "demo-collection-sync-sharing",
    title: "Export your notes",
    description: "Download notes as PDF, Markdown or HTML.",
    body: `<p>Your notes are yours. To export a note, open it and choose <strong>More → Export</strong>; to export a whole notebook, right-click it in the sidebar.</p>
<ul><li><strong>PDF</strong> for printing and sharing.</li><li><strong>Markdown</strong> for other apps; images go into a folder beside the file.</li><li><strong>HTML</strong> for the web.</li></ul>`,
    status: "live",
    position: 2,
  },
  {
    id: "demo-article-templates-draft",
    collectionId: "demo-collection-getting-started",
    title: "Note templates",
    description: "Start meeting notes and journals from a template.",
    body: "<p>Coming with the next release.</p>",
    status: "draft",
    position: 3,
  },
];

async function seedHelpCenter(sql: SQL, projectId: string): Promise<void> {
  for (const { id, ...collection } of collections) await insertCollection(sql, projectId, collection, id);
  for (const { id, ...article } of articles) await insertArticle(sql, projectId, article, id);
}

// ---------- news ----------

const news: Array<NewsWrite & { id: string; publishedAt: number }> = [
  {
    id: "demo-notes-3",
    title: "Acme Notes 3.0 is here",
    preview: "Shared spaces, offline sync and an editor that is twice as fast.",
    body: `<p>Acme Notes 3.0 is our biggest release yet.</p>
<h2>What's new</h2>
<ul><li><strong>Shared spaces</strong>: one place for your team's notes, tasks and decisions.</li><li><strong>Offline sync</strong>: keep working on the train; everything syncs when you are back.</li><li><strong>A faster editor</strong>: long notes open twice as fast.</li></ul>
<p>Update from the app store or reload the web app to get it.</p>`,
    coverImageUrl: demoNewsCover,
    authorName: "Lena from Acme",
    status: "live",
    publishedAt: demoEpoch - 1 * day,
    translations: {
      de: {
        title: "Acme Notes 3.0 ist da",
        preview: "Gemeinsame Bereiche, Offline-Synchronisierung und ein doppelt so schneller Editor.",
        body: `<p>Acme Notes 3.0 ist unser bisher größtes Update.</p>
<h2>Was ist neu</h2>
<ul><li><strong>Gemeinsame Bereiche</strong>: ein Ort für die Notizen, Aufgaben und Entscheidungen Ihres Teams.</li><li><strong>Offline-Synchronisierung</strong>: arbeiten Sie im Zug weiter; alles wird abgeglichen, sobald Sie wieder online sind.</li><li><strong>Ein schnellerer Editor</strong>: lange Notizen öffnen sich doppelt so schnell.</li></ul>
<p>Aktualisieren Sie die App im App Store oder laden Sie die Web-App neu.</p>`,
      },
      ar: {
        title: "وصل Acme Notes 3.0",
        preview: "مساحات مشتركة ومزامنة دون اتصال ومحرر أسرع بمرتين.",
        body: `<p>Acme Notes 3.0 هو أكبر إصدار لنا حتى الآن.</p>
<h2>ما الجديد</h2>
<ul><li><strong>مساحات مشتركة</strong>: مكان واحد لملاحظات فريقك ومهامه وقراراته.</li><li><strong>مزامنة دون اتصال</strong>: تابع العمل في القطار؛ تتم مزامنة كل شيء عند عودتك.</li><li><strong>محرر أسرع</strong>: تُفتح الملاحظات الطويلة أسرع بمرتين.</li></ul>
<p>حدّث التطبيق من المتجر أو أعد تحميل تطبيق الويب للحصول عليه.</p>`,
      },
    },
  },
  {
    id: "demo-offline-spaces",
    title: "Shared spaces now work offline",
    preview: "Edit your team's notes on the train; everything syncs the moment you are back online.",
    body: `<p>Shared spaces used to need a connection. Not anymore: Acme Notes now keeps them on your device, so you can read and edit them anywhere.</p>
<p>When two people edit the same paragraph offline, both versions are kept and marked, so nothing gets lost.</p>`,
    coverImageUrl: demoNewsCover,
    authorName: "Lena from Acme",
    status: "live",
    publishedAt: demoEpoch - 9 * day,
  },
  {
    id: "demo-faster-search",
    title: "Search that finds it first time",
    preview: "Search now looks inside attachments and ranks titles first.",
    body: `<p>We rebuilt search from the ground up. It now reads the text inside PDFs and images you attach, understands tags like <code>#q4</code>, and shows matches in titles before matches deep inside a note.</p>`,
    coverImageUrl: null,
    authorName: "Jonas, Acme product team",
    status: "live",
    publishedAt: demoEpoch - 23 * day,
  },
];

async function seedNews(sql: SQL, projectId: string): Promise<void> {
  for (const { id, publishedAt, ...post } of news)
    await insertNews(sql, projectId, post, { id, publishedAt: iso(publishedAt) });
}

// ---------- bot and checklist ----------

export const demoBot: BotWrite = {
  name: "Acme Assistant",
  avatarUrl: demoBotAvatar,
  status: "live",
  steps: [
    {
      id: "start",
      type: "buttons",
      text: "<p>Hi! I'm the Acme assistant. What can I help you with?</p>",
      buttons: [
        { label: "I found a bug", next: "bug" },
        { label: "Billing question", next: "billing" },
        { label: "Talk to a person", next: "email" },
      ],
    },
    {
      id: "bug",
      type: "buttons",
      text: "<p>Sorry about that! A bug report with a screenshot gets it fixed fastest: choose <strong>Report a bug</strong> on the home screen. Anything else?</p>",
      buttons: [
        { label: "That's all, thanks", next: "thanks" },
        { label: "Talk to a person", next: "email" },
      ],
    },
    {
      id: "billing",
      type: "buttons",
      text: "<p>You can change your plan and download invoices under <strong>Settings → Billing</strong>. Did that help?</p>",
      buttons: [
        { label: "Yes, thanks", next: "thanks" },
        { label: "Talk to a person", next: "email" },
      ],
    },
    {
      id: "email",
      type: "collect",
      text: "<p>Sure! Where can we reach you if you leave?</p>",
      field: { key: "email", label: "Your email", type: "email" },
      next: "handover",
    },
    {
      id: "handover",
      type: "handover",
      text: "<p>Thanks! I'm passing you to our team; we usually reply within a few minutes.</p>",
    },
    { id: "thanks", type: "message", text: "<p>Glad I could help. Have a great day!</p>", next: null },
  ],
};

export const demoChecklistId = "demo-checklist-get-started";

async function seedChecklist(sql: SQL, projectId: string): Promise<void> {
  const created = await createOutbound(sql, {
    projectId,
    type: "checklist",
    status: "live",
    name: "Get started with Acme Notes",
    config: {
      subject: "Get started with Acme Notes",
      message: "Four small steps to feel at home. It takes about five minutes.",
      sender: { firstName: "Lena", profileImageUrl: demoAvatar },
      steps: [
        {
          id: "first-note",
          title: "Create your first note",
          description: "Press N or choose New note in the sidebar.",
          action: "HELP_ARTICLE",
          articleId: "demo-article-first-note",
          actionTitle: "Show me how",
          allowMarkDone: true,
          duration: 1,
        },
        {
          id: "tags",
          title: "Add a tag",
          description: "Type # and a word to group related notes.",
          action: "HELP_ARTICLE",
          articleId: "demo-article-tags",
          actionTitle: "Learn about tags",
          allowMarkDone: true,
          duration: 1,
        },
        {
          id: "share",
          title: "Invite a teammate",
          description: "Share a space and work on notes together.",
          action: "HELP_ARTICLE",
          articleId: "demo-article-share-space",
          actionTitle: "Share a space",
          allowMarkDone: true,
          duration: 2,
        },
        {
          id: "whats-new",
          title: "See what's new in 3.0",
          description: "Offline sync, shared spaces and a faster editor.",
          action: "NEWS_ARTICLE",
          articleId: "demo-notes-3",
          actionTitle: "Read the news",
          allowMarkDone: true,
          duration: 1,
        },
      ],
      successTitle: "You're all set!",
      successMessage: "Enjoy Acme Notes. We're one message away if you need us.",
    },
  });
  // A fixed id, so links (gleap://x/checklist/…) and tests can name it; nothing refers to it yet.
  await sql`UPDATE widget_outbounds SET id = ${demoChecklistId} WHERE id = ${created.id}`;
}

// ---------- visitors, survey, feature requests, conversation ----------

const visitors = [
  ["maya-chen", "Maya Chen", "maya.chen@northwind.example"],
  ["tom-becker", "Tom Becker", "tom@becker-studio.example"],
  ["aisha-khan", "Aisha Khan", "aisha.khan@fieldnotes.example"],
  ["lucas-moreau", "Lucas Moreau", "lucas.moreau@atelier.example"],
  ["sofia-rossi", "Sofia Rossi", "sofia@rossi-legal.example"],
  ["jonah-kim", "Jonah Kim", "jonah.kim@brightpath.example"],
  ["elena-petrova", "Elena Petrova", "elena.p@greenleaf.example"],
  ["daniel-okafor", "Daniel Okafor", "daniel@okafor.example"],
  ["hannah-weber", "Hannah Weber", "hannah.weber@kanzlei.example"],
  ["ravi-patel", "Ravi Patel", "ravi.patel@lumen.example"],
] as const;

/**
 * Identified visitors of the demo project, whose sessions vote, answer and write. Verified, as a host
 * whose backend signs its user ids would have made them: an identify of the same id with its userHash
 * from another browser joins the visitor's session (and shows Maya her conversation).
 */
async function seedVisitors(sql: SQL, projectId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, [userId, name, email]] of visitors.entries()) {
    const createdAt = demoEpoch - (40 - index * 3) * day + index * hour;
    const id = demoUuid(createdAt, index);
    await sql`INSERT INTO widget_sessions ${sql({
      id,
      project_id: projectId,
      user_id: userId,
      user_verified: true,
      name,
      email,
      custom_data: JSON.stringify({ plan: index % 3 === 0 ? "Team" : "Personal" }),
      lang: index % 4 === 3 ? "de" : "en",
      created_at: iso(createdAt),
      last_seen_at: iso(demoEpoch - index * 5 * hour),
      duration_seconds: 600 + index * 137,
      page_views: 12 + index * 4,
      last_page: "http://localhost:3000/demo",
    })}`;
    ids.push(id);
  }
  return ids;
}

export const demoSurvey: SurveyWrite = {
  title: "How are we doing?",
  description: "Two minutes that shape what we build next.",
  questions: [
    {
      id: "recommend",
      type: "nps",
      title: "How likely are you to recommend Acme Notes to a friend or colleague?",
      required: true,
    },
    { id: "editor", type: "rating", title: "How do you like the new editor?", scale: 5 },
    {
      id: "use",
      type: "single",
      title: "What do you use Acme Notes for most?",
      options: ["Work", "Study", "Personal projects", "Something else"],
    },
    {
      id: "features",
      type: "multiple",
      title: "Which features do you use?",
      options: ["Shared spaces", "Offline mode", "Tags", "Templates", "Web clipper"],
    },
    { id: "improve", type: "text", title: "What should we improve next?" },
  ],
  allowMultipleAnswers: false,
  thankYouMessage: "Thank you! Your answers go straight to our product team.",
  status: "live",
};

const surveyAnswers: Array<Record<string, number | string | string[]>> = [
  {
    recommend: 10,
    editor: 5,
    use: "Work",
    features: ["Shared spaces", "Tags"],
    improve: "A calendar view for tasks.",
  },
  { recommend: 9, editor: 4, use: "Work", features: ["Shared spaces", "Offline mode"] },
  { recommend: 7, editor: 4, use: "Study", features: ["Tags", "Templates"], improve: "Better PDF export." },
  { recommend: 10, editor: 5, use: "Personal projects", features: ["Web clipper"] },
  {
    recommend: 6,
    editor: 3,
    use: "Work",
    features: ["Shared spaces"],
    improve: "Search is slow in big spaces.",
  },
  { recommend: 8, editor: 4, use: "Study", features: ["Offline mode", "Tags"] },
  {
    recommend: 3,
    editor: 2,
    use: "Something else",
    features: [],
    improve: "The mobile app crashes on sync.",
  },
  { recommend: 9, editor: 5, use: "Work", features: ["Shared spaces", "Templates", "Tags"] },
];

async function seedSurvey(sql: SQL, projectId: string, sessions: string[]): Promise<void> {
  const surveyId = "demo-survey-how-are-we-doing";
  await insertSurvey(sql, projectId, demoSurvey, surveyId);
  for (const [index, answers] of surveyAnswers.entries()) {
    const at = demoEpoch - (12 - index) * day + 3 * hour;
    const sessionId = sessions[index] ?? null;
    const kept = Object.fromEntries(
      Object.entries(answers).filter(([, value]) => !(Array.isArray(value) && value.length === 0)),
    );
    await sql`INSERT INTO survey_answers ${sql({
      id: demoUuid(at, index),
      survey_id: surveyId,
      session_id: sessionId,
      once_key: "",
      answers: JSON.stringify(kept),
      created_at: iso(at),
    })}`;
  }
}

const featureRequests: Array<{
  id: string;
  title: string;
  description: string;
  status: FeatureRequestStatus;
  votes: number;
  daysAgo: number;
}> = [
  {
    id: "demo-fr-dark-mode-mobile",
    title: "Dark mode in the mobile app",
    description: "The web app has it; the iPhone and Android apps are blinding at night.",
    status: "planned",
    votes: 9,
    daysAgo: 38,
  },
  {
    id: "demo-fr-calendar-view",
    title: "Calendar view for tasks",
    description: "See checkbox tasks with due dates on a week or month calendar.",
    status: "open",
    votes: 6,
    daysAgo: 30,
  },
  {
    id: "demo-fr-markdown-images",
    title: "Markdown export with images",
    description: "Exported Markdown should bring its images along in a folder.",
    status: "in_progress",
    votes: 5,
    daysAgo: 26,
  },
  {
    id: "demo-fr-two-factor",
    title: "Two-factor sign-in",
    description: "Protect accounts with an authenticator app.",
    status: "done",
    votes: 7,
    daysAgo: 60,
  },
  {
    id: "demo-fr-nested-tags",
    title: "Nested tags",
    description: "Tags inside tags, like #work/clients/northwind.",
    status: "open",
    votes: 3,
    daysAgo: 14,
  },
  {
    id: "demo-fr-handwriting",
    title: "Handwriting recognition",
    description: "Turn handwritten notes from the tablet into text.",
    status: "declined",
    votes: 2,
    daysAgo: 45,
  },
];

async function seedFeatureRequests(sql: SQL, projectId: string, sessions: string[]): Promise<void> {
  for (const [index, request] of featureRequests.entries()) {
    const createdAt = demoEpoch - request.daysAgo * day;
    await insertFeatureRequest(
      sql,
      projectId,
      { title: request.title, description: request.description, status: request.status },
      { id: request.id, createdAt: iso(createdAt) },
    );
    for (let vote = 0; vote < request.votes; vote++) {
      const sessionId = sessions[(index + vote) % sessions.length] ?? "";
      await sql`INSERT INTO feature_request_votes (feature_request_id, session_id, created_at)
        VALUES (${request.id}, ${sessionId}, ${iso(createdAt + (vote + 1) * hour)})`;
    }
  }
}

/** Maya's conversation: her question, and a staff reply she has not read yet (her badge shows 1). */
async function seedConversation(
  sql: SQL,
  projectId: string,
  adminId: string,
  sessionId: string,
): Promise<void> {
  const askedAt = demoEpoch - 2 * day + 10 * hour + 2 * minute;
  const repliedAt = askedAt + 14 * minute;
  const { conversation } = await startConversation(sql, {
    id: "demo-conversation-ipad-sync",
    projectId,
    sessionId,
    subject: "Shared space not syncing on my iPad",
    botId: null,
    collected: {},
    transcript: [],
    createdAt: iso(askedAt),
    opening: {
      id: demoUuid(askedAt, 1),
      author: "visitor",
      text: "Hi! My shared space “Q4 planning” hasn't synced on my iPad since this morning. My laptop shows the latest notes, the iPad still has yesterday's.",
      createdAt: iso(askedAt),
    },
  });
  await addMessage(sql, conversation, {
    id: demoUuid(repliedAt, 2),
    author: "staff",
    staffUserId: adminId,
    name: "Lena from Acme",
    avatarUrl: demoAvatar,
    text: "<p>Hi Maya, thanks for the details! Could you open <strong>Settings → Sync</strong> on the iPad and tap <em>Sync now</em>? If it still shows yesterday's notes, send us a screenshot of that screen and we'll look at it right away.</p>",
    createdAt: iso(repliedAt),
  });
}
