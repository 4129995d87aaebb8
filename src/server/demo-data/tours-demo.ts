import type { SQL } from "bun";
import { createOutbound } from "../domain/outbounds/outbound-repository.ts";
import { demoAvatar, demoBotAvatar } from "./demo-images.ts";

/**
 * The demo project's tours, on the quick-note form of /demo: a three-step product tour (a welcome, an
 * INPUT step on the note field, a CLICK step on Save) and a co-pilot tour that writes and saves a note
 * itself. Both are live with a page filter on `tour=…` in the address, so a plain visit of /demo never
 * gets them pushed; the page's buttons add the parameter and call `Gleap.startProductTour`, and a link
 * to `/demo?tour=notes` brings the tour by itself (the server delivers it once per visitor). Fixed ids,
 * so the page, links (`gleap://x/tour/…`) and tests can name them.
 */

export const demoTourId = "demo-tour-first-note";
export const demoCopilotTourId = "demo-tour-copilot";

const at = (name: string) => `[data-gleap-tour="${name}"]`;

export const demoTourConfig = {
  tourType: "standard",
  allowClose: true,
  backButton: true,
  sender: { firstName: "Lena from Acme", profileImageUrl: demoAvatar },
  steps: [
    {
      selector: at("page-title"),
      title: "Welcome to Acme Notes",
      message: "<p>This short tour shows you how to capture your first note. It takes three steps.</p>",
    },
    {
      selector: at("note-input"),
      mode: "INPUT",
      title: "Write a note",
      message:
        "<p>Type anything into the quick note field, for example <em>Buy oat milk</em>. <strong>Next</strong> unlocks as soon as there is text.</p>",
    },
    {
      selector: at("save-note"),
      mode: "CLICK",
      title: "Save it",
      message: "<p>Now click <strong>Save note</strong>. The tour ends when you do.</p>",
    },
  ],
};

export const demoCopilotTourConfig = {
  tourType: "cobrowse",
  kaiSlug: "Acme co-pilot",
  kaiAvatar: demoBotAvatar,
  gradient: true,
  allowClose: true,
  // No recorded voices: each step stays up for its reading time, and the badge's toggle mutes
  // voices a tour may add later.
  playVoice: true,
  showUnmuteModal: false,
  steps: [
    {
      selector: at("page-title"),
      message: "<p>Hi, I'm the Acme co-pilot. Let me write your first note for you.</p>",
    },
    {
      selector: at("note-input"),
      mode: "INPUT",
      inputType: "auto",
      inputValue: "Plan the team offsite",
      message: "<p>First I type the note.</p>",
    },
    { selector: at("save-note"), mode: "CLICK", message: "<p>Then I save it.</p>" },
    { selector: at("notes"), message: "<p>Done! Your note is on the list.</p>" },
  ],
};

export async function seedTourDemoData(sql: SQL, projectId: string): Promise<void> {
  const tours = [
    { id: demoTourId, name: "First note tour", config: demoTourConfig, pageFilter: "tour=notes" },
    {
      id: demoCopilotTourId,
      name: "Co-pilot: first note",
      config: demoCopilotTourConfig,
      pageFilter: "tour=copilot",
    },
  ];
  for (const tour of tours) {
    const created = await createOutbound(sql, {
      projectId,
      type: "tour",
      status: "live",
      name: tour.name,
      config: tour.config,
      pageFilter: tour.pageFilter,
      pageFilterType: "contains",
    });
    await sql`UPDATE widget_outbounds SET id = ${tour.id} WHERE id = ${created.id}`;
  }
}
