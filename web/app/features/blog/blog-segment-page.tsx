import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../i18n/language-context.tsx";
import { SimplePage } from "../../layout/simple-page.tsx";

/** `/{lang}/blog/{segment}`: an article or a blog category (DECISIONS "Blog URLs"). Client-rendered. */
export default function BlogSegmentPage() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const { segment = "" } = useParams();
  return (
    <SimplePage page={`/blog/${segment}`} metaKey="blog">
      <Link to={localize("/blog")} className="mt-8 inline-block font-semibold text-brand-700 underline">
        {t("nav.blog")}
      </Link>
    </SimplePage>
  );
}
