import { useSyncExternalStore } from "react";
import type { MessengerHome } from "../../shared/messenger-home-api.ts";
import { formatNumber } from "./i18n.ts";
import { Icon, type IconName } from "./icons.tsx";
import type { Tab } from "./screens.ts";
import { useApiQuery, useLocale, useShell, useShellTexts } from "./shell-context.tsx";
import type { ShellTextKey } from "./shell-texts.ts";
import { unreadNews } from "./unread.ts";

const tabLook: Record<Tab, { icon: IconName; label: ShellTextKey }> = {
  home: { icon: "home", label: "tab.home" },
  messages: { icon: "messages", label: "tab.messages" },
  news: { icon: "news", label: "tab.news" },
  help: { icon: "help", label: "tab.help" },
};

/** Which tabs the project has content for (home and messages always; news and help when there are some). */
export function visibleTabs(home: MessengerHome | undefined): Tab[] {
  const tabs: Tab[] = ["home", "messages"];
  if (home && home.news.length > 0) tabs.push("news");
  if (home?.hasHelpCenter) tabs.push("help");
  return tabs;
}

/** The tab bar at the bottom of the tab roots, with unread counts on Messages and News. */
export function TabBar({ active }: { active: Tab }) {
  const t = useShellTexts();
  const { lang } = useLocale();
  const { navigator, unread } = useShell();
  const home = useApiQuery<MessengerHome>("/messenger/home").data;
  const counts = useSyncExternalStore(unread.subscribe, unread.get);
  const badge: Partial<Record<Tab, number>> = {
    messages: counts.messages,
    news: home ? unreadNews(home.news, counts.newsSeenAt) : 0,
  };
  return (
    <nav className="tab-bar" aria-label={t("shell.tabs")} data-testid="tab-bar">
      {visibleTabs(home).map((tab) => {
        const count = badge[tab] ?? 0;
        const look = tabLook[tab];
        return (
          <button
            key={tab}
            type="button"
            className="tab"
            aria-current={tab === active ? "page" : undefined}
            data-tab={tab}
            onClick={() => navigator.openTab(tab)}
          >
            <span className="tab-icon">
              <Icon name={look.icon} size={22} />
              {count > 0 && (
                <span className="badge" data-testid={`badge-${tab}`} aria-hidden="true">
                  {count > 99 ? "99+" : formatNumber(lang, count)}
                </span>
              )}
            </span>
            <span className="tab-label">{t(look.label)}</span>
            {count > 0 && <span className="visually-hidden">{t("tab.unread", { count })}</span>}
          </button>
        );
      })}
    </nav>
  );
}
