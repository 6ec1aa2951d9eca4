import { feedPath } from "@codcrm/core/article/feed-path";
import { site } from "../../config/site.ts";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";

/** The language's RSS feed, linked from the head of every blog page. */
export function useFeed() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return { href: feedPath(language), title: t("blog.feedTitle", { product: site.productName }) };
}
