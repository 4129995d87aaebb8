import type { FeedbackFlowWrite } from "../../../shared/feedback-flows-api.ts";

/**
 * The messenger's three default feedback flows (bug report, which Ctrl+U starts, feature request,
 * contact): every new project gets them, so its widget can take reports at once, and the demo project
 * seeds them with its product's name.
 */
export const defaultFeedbackFlows: FeedbackFlowWrite[] = [
  {
    key: "bugreporting",
    title: "Report a bug",
    description: "Something not working? Tell us and add a screenshot or a recording.",
    feedbackType: "BUG",
    fields: [
      {
        key: "description",
        type: "textarea",
        label: "What went wrong?",
        placeholder: "What did you do, what did you expect, and what happened instead?",
        required: true,
      },
      { key: "reportedBy", type: "email", label: "Your email", placeholder: "you@example.com" },
      // The visitor shows the problem the way that suits it: a marked-up still or a short recording.
      { key: "capture", type: "capture", label: "Screenshot or recording", captureType: "both" },
    ],
    successMessage: "Thanks for the report! Our team looks at every one of them.",
    showOnHome: true,
    icon: "bug",
    status: "live",
    position: 0,
  },
  {
    key: "featurerequest",
    title: "Request a feature",
    description: "Tell us what would make our product better for you.",
    feedbackType: "FEATURE_REQUEST",
    fields: [
      { key: "title", type: "text", label: "Title", placeholder: "Calendar view for tasks", required: true },
      {
        key: "description",
        type: "textarea",
        label: "Description",
        placeholder: "What would you use it for?",
        required: true,
      },
    ],
    successMessage: "Thank you! We read every idea and share the roadmap in the news.",
    showOnHome: true,
    icon: "lightbulb",
    status: "live",
    position: 1,
  },
  {
    key: "contact",
    title: "Contact us",
    description: "Questions about your account, billing or anything else.",
    feedbackType: "INQUIRY",
    fields: [
      { key: "name", type: "text", label: "Your name", required: true },
      { key: "reportedBy", type: "email", label: "Email", placeholder: "you@example.com", required: true },
      { key: "description", type: "textarea", label: "Message", required: true },
    ],
    successMessage: "Thanks for getting in touch! We usually answer within a few hours.",
    showOnHome: true,
    icon: "mail",
    status: "live",
    position: 2,
  },
];
