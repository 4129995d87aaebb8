/** Test data for the checklist element's tests (not shipped: only tests import it). */

/** A checklist as the server answers it (src/server/widget-api/outbound/outbound-answers.ts). */
export function checklistAnswer(overrides: Record<string, unknown> = {}) {
  return {
    id: "cl-1",
    status: "open",
    completedSteps: [],
    outbound: {
      id: "demo-checklist",
      subject: "Get started",
      message: "<p>Four steps</p>",
      sender: { firstName: "Lena", profileImageUrl: "https://cdn.test/lena.png" },
      config: {
        steps: [
          { id: "a", title: "Create a note", duration: 1, action: "HELP_ARTICLE", articleId: "art-1" },
          { id: "b", title: "Add a tag", duration: 2, allowMarkDone: true },
          { id: "c", title: "", duration: 3, action: "none" },
          {
            id: "d",
            title: "Invite",
            action: "REDIRECT_URL",
            actionBody: "https://acme.test",
            allowMarkDone: false,
          },
        ],
        successTitle: "All set",
        successMessage: "<p>Enjoy</p>",
      },
    },
    ...overrides,
  };
}
