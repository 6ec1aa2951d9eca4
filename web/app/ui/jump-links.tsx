/**
 * Links to the parts of the page (`#id`), one per part, in the order given: a legal text's
 * table of contents, the FAQ's topics.
 */
export function JumpLinks({
  parts,
  ordered,
  className,
  linkClassName,
}: {
  parts: readonly { id: string; label: string }[];
  /** Numbered (`<ol>`): the parts are read in this order. */
  ordered?: boolean;
  className: string;
  linkClassName: string;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {parts.map((part) => (
        <li key={part.id}>
          <a href={`#${part.id}`} className={linkClassName}>
            {part.label}
          </a>
        </li>
      ))}
    </List>
  );
}
