/**
 * An article card's picture (the blog's cards and the landing page's latest articles): decorative
 * (the card's title says what it is), its size reserved at 2:1, loaded as it nears the screen
 * unless `eager` (a card at the top of a page: "high" for the first).
 */
export function CardImage({
  src,
  srcSet,
  sizes,
  className,
  eager,
}: {
  src: string;
  /** The uploaded image's WebP variants, when it has them (a typed URL has none). */
  srcSet?: string;
  sizes?: string;
  className: string;
  eager?: "high" | "auto";
}) {
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt=""
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager === "high" ? "high" : undefined}
      decoding="async"
      width={640}
      height={320}
      className={className}
    />
  );
}
