/** The profile screen's texts (English, the source), registered when it loads. */
export const profileMessagesEnUS = {
  "profile.title": "Your profile",
  "profile.subtitle": "How visitors see you when you reply in the messenger",
  "profile.loading": "Loading your profile…",
  "profile.error": "Your profile could not be loaded.",
  "profile.displayName": "Display name",
  "profile.displayNameHint":
    "Shown on your replies instead of your nickname ({name}). Leave empty to use it.",
  "profile.avatarUrl": "Picture address",
  "profile.avatarUrlHint": "An https:// address of a square image. Leave empty for your initial.",
  "profile.preview": "Your replies look like this",
  "profile.previewText": "Thanks for writing, we are looking into it.",
  "profile.save": "Save profile",
  "profile.saved": "Profile saved",
  "profile.availability": "New work",
  "profile.available": "Available for new conversations and reports",
  "profile.availableHint":
    "Projects that assign round-robin give new conversations and reports to available admins in turn.",
  "profile.availableOn": "You are available for new work",
  "profile.availableOff": "You get no new work now",
  "profile.alertsHint": "For this browser; the same choices are under the bell in the top bar.",
  "profile.unreadMail": "Unread e-mail",
  "profile.unreadMailUnassigned": "Also e-mail me about unassigned conversations nobody has read",
  "profile.unreadMailHint":
    "Conversations assigned to you are mailed about either way. One e-mail lists all that wait, and comes at most every few minutes.",
  "profile.unreadMailOn": "You get e-mails about unassigned conversations",
  "profile.unreadMailOff": "You get e-mails only about your own conversations",
} as const;

export const profileMessagesDe: Record<keyof typeof profileMessagesEnUS, string> = {
  "profile.title": "Ihr Profil",
  "profile.subtitle": "So sehen Besucher Sie, wenn Sie im Messenger antworten",
  "profile.loading": "Ihr Profil wird geladen…",
  "profile.error": "Ihr Profil konnte nicht geladen werden.",
  "profile.displayName": "Anzeigename",
  "profile.displayNameHint":
    "Erscheint bei Ihren Antworten statt Ihres Nicknames ({name}). Leer lassen, um ihn zu verwenden.",
  "profile.avatarUrl": "Adresse des Bildes",
  "profile.avatarUrlHint": "Eine https://-Adresse eines quadratischen Bildes. Leer lassen für Ihre Initiale.",
  "profile.preview": "So sehen Ihre Antworten aus",
  "profile.previewText": "Danke für Ihre Nachricht, wir sehen es uns an.",
  "profile.save": "Profil speichern",
  "profile.saved": "Profil gespeichert",
  "profile.availability": "Neue Arbeit",
  "profile.available": "Verfügbar für neue Unterhaltungen und Meldungen",
  "profile.availableHint":
    "Projekte, die reihum zuweisen, geben neue Unterhaltungen und Meldungen der Reihe nach an verfügbare Admins.",
  "profile.availableOn": "Sie sind für neue Arbeit verfügbar",
  "profile.availableOff": "Sie bekommen jetzt keine neue Arbeit",
  "profile.alertsHint": "Für diesen Browser; dieselbe Auswahl steht unter der Glocke oben.",
  "profile.unreadMail": "E-Mail bei Ungelesenem",
  "profile.unreadMailUnassigned":
    "Mir auch bei nicht zugewiesenen Unterhaltungen eine E-Mail senden, die niemand gelesen hat",
  "profile.unreadMailHint":
    "Zu Ihnen zugewiesenen Unterhaltungen kommt so oder so eine E-Mail. Eine E-Mail nennt alle wartenden und kommt höchstens alle paar Minuten.",
  "profile.unreadMailOn": "Sie bekommen E-Mails zu nicht zugewiesenen Unterhaltungen",
  "profile.unreadMailOff": "Sie bekommen E-Mails nur zu Ihren eigenen Unterhaltungen",
};
