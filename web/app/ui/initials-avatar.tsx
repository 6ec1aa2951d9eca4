/** "Laura Martín Ortega" -> "LM": people are shown by their initials, never by a photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0] ?? "")
    .join("")
    .toUpperCase();
}

/** A round initials badge; decorative, since the name is written next to it. */
export function InitialsAvatar({ name, className = "h-11 w-11" }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white ${className}`}
    >
      {initials(name)}
    </span>
  );
}
