import { Link } from "react-router";
import { Icon, type IconName } from "./icons.tsx";

/**
 * A card that leads to a page: its icon, title and text, and a link whose hit area is the whole
 * card (`after:inset-0`); the link's name ends with the card's title for screen readers, so
 * each "Learn more" says where it goes. The landing's feature grid and the services index use it.
 */
export function IconLinkCard({
  icon,
  title,
  text,
  to,
  linkLabel,
  heading: Heading = "h3",
}: {
  icon: IconName;
  title: string;
  text: string;
  to: string;
  linkLabel: string;
  /** The heading's level in its page's outline; an h2 card reads larger. */
  heading?: "h2" | "h3";
}) {
  return (
    <li className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon name={icon} />
      </span>
      <Heading className={`mt-5 font-semibold text-ink ${Heading === "h2" ? "text-xl" : "text-lg"}`}>{title}</Heading>
      <p className="mt-2 flex-1 text-slate-700">{text}</p>
      <Link
        to={to}
        className={`${Heading === "h2" ? "mt-5" : "mt-4"} font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl group-hover:underline`}
      >
        {linkLabel}
        <span className="sr-only">: {title}</span>
      </Link>
    </li>
  );
}
