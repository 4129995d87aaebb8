/**
 * The survey results' respondents panel (English, the source, and German): each answer with who gave
 * it and where, and the CSV file's column names. Registered with the content area's texts.
 */
export const surveyResponseMessagesEnUS = {
  "surveyResponses.title": "Responses",
  "surveyResponses.lead": "Every answer with who gave it and the page they were on, newest first.",
  "surveyResponses.loading": "Loading the responses…",
  "surveyResponses.error": "The responses could not be loaded.",
  "surveyResponses.empty": "No Responses Yet",
  "surveyResponses.emptyHint": "Answers appear here as visitors send them.",
  "surveyResponses.count": "{count, plural, =0 {No responses} one {# response} other {# responses}}",
  "surveyResponses.column.when": "Answered",
  "surveyResponses.column.respondent": "Respondent",
  "surveyResponses.column.page": "Page",
  "surveyResponses.column.answers": "Answers",
  "surveyResponses.anonymous": "Anonymous visitor",
  "surveyResponses.session": "Session {id}",
  "surveyResponses.sessionGone": "Session deleted",
  "surveyResponses.noPage": "Not known",
  "surveyResponses.skipped": "Not answered",
  "surveyResponses.csv.answeredAt": "Answered at",
  "surveyResponses.csv.session": "Session",
  "surveyResponses.csv.userId": "User ID",
  "surveyResponses.csv.name": "Name",
  "surveyResponses.csv.email": "E-mail",
  "surveyResponses.csv.page": "Page",
} as const;

export const surveyResponseMessagesDe: Record<keyof typeof surveyResponseMessagesEnUS, string> = {
  "surveyResponses.title": "Antworten",
  "surveyResponses.lead":
    "Jede Antwort mit der Person, die sie gab, und der Seite, auf der sie war, die neuesten zuerst.",
  "surveyResponses.loading": "Antworten werden geladen…",
  "surveyResponses.error": "Die Antworten konnten nicht geladen werden.",
  "surveyResponses.empty": "Noch keine Antworten",
  "surveyResponses.emptyHint": "Antworten erscheinen hier, sobald Besucher sie senden.",
  "surveyResponses.count": "{count, plural, =0 {Keine Antworten} one {# Antwort} other {# Antworten}}",
  "surveyResponses.column.when": "Beantwortet",
  "surveyResponses.column.respondent": "Person",
  "surveyResponses.column.page": "Seite",
  "surveyResponses.column.answers": "Antworten",
  "surveyResponses.anonymous": "Anonymer Besucher",
  "surveyResponses.session": "Sitzung {id}",
  "surveyResponses.sessionGone": "Sitzung gelöscht",
  "surveyResponses.noPage": "Nicht bekannt",
  "surveyResponses.skipped": "Nicht beantwortet",
  "surveyResponses.csv.answeredAt": "Beantwortet am",
  "surveyResponses.csv.session": "Sitzung",
  "surveyResponses.csv.userId": "Nutzer-ID",
  "surveyResponses.csv.name": "Name",
  "surveyResponses.csv.email": "E-Mail",
  "surveyResponses.csv.page": "Seite",
};
