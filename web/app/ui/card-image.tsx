/**
 * An article card's picture (the blog's cards and the landing page's latest articles): decorative
 * (the card's title says what it is), loaded as it nears the screen, its size reserved at 2:1.
 */
export function CardImage({ src, className }: { src: string; className: string }) {
  return <img src={src} alt="" loading="lazy" decoding="async" width={640} height={320} className={className} />;
}
