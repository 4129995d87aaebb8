/**
 * Texts of assignments (English, the source): the assignee's toast, the count and list under the top
 * bar's bell, and the lines of an item's timeline. Registered by assignment-texts.ts wherever one is shown.
 */
export const assignmentMessagesEnUS = {
  "assignments.toast.report": "{by} assigned report {reference} to you",
  "assignments.toast.conversation": "{by} assigned a conversation to you",
  "assignments.toast.roundRobinReport": "Report {reference} was assigned to you in turn",
  "assignments.toast.roundRobinConversation": "A conversation was assigned to you in turn",
  "assignments.toast.more": "{count, plural, one {And # more item} other {And # more items}}",
  "assignments.mineLabel":
    "{count, plural, =0 {Assigned to you: nothing new} one {Assigned to you: # new} other {Assigned to you: # new}}",
  "assignments.mineTitle": "New for you",
  "assignments.mineEmpty": "Nothing new has been assigned to you.",
  "assignments.mineFailed": "What is assigned to you could not be loaded.",
  "assignments.myReports": "All my reports",
  "assignments.myConversations": "All my conversations",
  "assignments.givenBy": "from {name}",
  "assignments.givenInTurn": "in turn",
  "assignments.untitled": "(no title)",
  "assignments.conversation": "Conversation",
  "assignments.event.assigned": "{by} assigned this to {to}",
  "assignments.event.took": "{by} took this",
  "assignments.event.reassigned": "{by} reassigned this from {from} to {to}",
  "assignments.event.unassigned": "{by} unassigned {from}",
  "assignments.event.roundRobin": "Assigned to {to} in turn",
  "assignments.formerAdmin": "a former admin",
  "assignments.history": "Assignment history",
} as const;

export const assignmentMessagesDe: Record<keyof typeof assignmentMessagesEnUS, string> = {
  "assignments.toast.report": "{by} hat Ihnen den Bericht {reference} zugewiesen",
  "assignments.toast.conversation": "{by} hat Ihnen eine Unterhaltung zugewiesen",
  "assignments.toast.roundRobinReport": "Der Bericht {reference} wurde Ihnen reihum zugewiesen",
  "assignments.toast.roundRobinConversation": "Eine Unterhaltung wurde Ihnen reihum zugewiesen",
  "assignments.toast.more": "{count, plural, one {Und # weiterer Eintrag} other {Und # weitere Einträge}}",
  "assignments.mineLabel":
    "{count, plural, =0 {Ihnen zugewiesen: nichts Neues} one {Ihnen zugewiesen: # neu} other {Ihnen zugewiesen: # neu}}",
  "assignments.mineTitle": "Neu für Sie",
  "assignments.mineEmpty": "Ihnen wurde nichts Neues zugewiesen.",
  "assignments.mineFailed": "Was Ihnen zugewiesen ist, konnte nicht geladen werden.",
  "assignments.myReports": "Alle meine Berichte",
  "assignments.myConversations": "Alle meine Unterhaltungen",
  "assignments.givenBy": "von {name}",
  "assignments.givenInTurn": "reihum",
  "assignments.untitled": "(ohne Titel)",
  "assignments.conversation": "Unterhaltung",
  "assignments.event.assigned": "{by} hat dies {to} zugewiesen",
  "assignments.event.took": "{by} hat dies übernommen",
  "assignments.event.reassigned": "{by} hat dies von {from} an {to} übergeben",
  "assignments.event.unassigned": "{by} hat die Zuweisung an {from} aufgehoben",
  "assignments.event.roundRobin": "Reihum {to} zugewiesen",
  "assignments.formerAdmin": "ein ehemaliger Admin",
  "assignments.history": "Verlauf der Zuweisungen",
};
