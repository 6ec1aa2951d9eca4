/**
 * An article card's picture (the blog's cards and the landing page's latest articles): decorative
 * (the card's title says what it is), loaded as it nears the screen, its size reserved at 2:1.
 */
export function CardImage({
  src,
  srcSet,
  sizes,
  className,
}: {
  src: string;
  /** The uploaded image's WebP variants, when it has them (a typed URL has none). */
  srcSet?: string;
  sizes?: string;
  className: string;
}) {
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt=""
      loading="lazy"
      decoding="async"
      width={640}
      height={320}
      className={className}
    />
  );
}
