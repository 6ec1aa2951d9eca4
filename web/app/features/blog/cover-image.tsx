import type { PublicArticle } from "@codcrm/core/article/article";
import { ARTICLE_IMAGE_SIZES, buildSrcset } from "@codcrm/core/media/srcset";

/**
 * An article's cover: the largest thing on the first screen, so it loads at once and first
 * (eager, high priority). An uploaded cover brings its real size and its variants; a typed
 * address keeps the frame it always had. Either way the box is sized before the image
 * arrives: nothing below it moves.
 */
export function CoverImage({ article }: { article: Pick<PublicArticle, "imageUrl" | "imageAlt" | "imageMedia"> }) {
  const media = article.imageMedia;
  const srcset = media ? buildSrcset(media.variants) : "";
  return (
    <img
      src={article.imageUrl}
      alt={article.imageAlt ?? ""}
      width={media?.width ?? 1200}
      height={media?.height ?? 630}
      srcSet={srcset || undefined}
      sizes={srcset ? ARTICLE_IMAGE_SIZES : undefined}
      loading="eager"
      fetchPriority="high"
      decoding="async"
      data-testid="article-cover"
      className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover"
    />
  );
}
