/**
 * A co-pilot tour's config of one step that types "Hi" into the page's note field (the element marked
 * `data-gleap-tour="note-input"`, as /demo's quick note has it), saying `message`. Its badge reads
 * "Test co-pilot".
 */
export function noteTypingCopilotTour(message: string): Record<string, unknown> {
  return {
    tourType: "cobrowse",
    kaiSlug: "Test co-pilot",
    allowClose: true,
    steps: [
      {
        selector: '[data-gleap-tour="note-input"]',
        mode: "INPUT",
        inputType: "auto",
        inputValue: "Hi",
        message,
      },
    ],
  };
}
