import { defineTexts } from "../shell/i18n.ts";

export const newsTexts = defineTexts({
  en: {
    "news.list": "News",
    "news.empty": "No news yet",
    "news.emptyHint": "Product updates and announcements will show up here.",
    "news.by": "{name}",
    "news.published": "Published {when}",
    "news.readMore": "Read more",
    "news.new": "New",
  },
  de: {
    "news.list": "Neuigkeiten",
    "news.empty": "Noch keine Neuigkeiten",
    "news.emptyHint": "Produkt-Updates und Ankündigungen erscheinen hier.",
    "news.by": "{name}",
    "news.published": "Veröffentlicht {when}",
    "news.readMore": "Weiterlesen",
    "news.new": "Neu",
  },
  ar: {
    "news.list": "الأخبار",
    "news.empty": "لا توجد أخبار بعد",
    "news.emptyHint": "ستظهر هنا تحديثات المنتج والإعلانات.",
    "news.published": "نُشر {when}",
    "news.readMore": "اقرأ المزيد",
    "news.new": "جديد",
  },
});
