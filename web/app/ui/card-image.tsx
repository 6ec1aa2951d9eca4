/**
 * An article card's picture (the blog's cards and the landing page's latest articles): decorative
 * (the card's title says what it is), its size reserved at 2:1, loaded as it nears the screen
 * unless `atOnce` (the first card of a list: asked for with high priority).
 */
export function CardImage({
  src,
  srcSet,
  sizes,
  className,
  atOnce,
}: {
  src: string;
  /** The uploaded image's WebP variants, when it has them (a typed URL has none). */
  srcSet?: string;
  sizes?: string;
  className: string;
  atOnce?: boolean;
}) {
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt=""
      loading={atOnce ? "eager" : "lazy"}
      fetchPriority={atOnce ? "high" : undefined}
      decoding="async"
      width={640}
      height={320}
      className={className}
    />
  );
}
