import { site } from "../config/site.ts";

/** The brand mark (a parcel) and the product name. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 text-lg font-bold text-ink ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="7" fill="#1c40b4" />
        <path
          d="M9 11.5h14l-1.6 9.2a2 2 0 0 1-2 1.6h-6.8a2 2 0 0 1-2-1.6z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinejoin="round"
        />
        <path d="M12.5 11.5V10a3.5 3.5 0 0 1 7 0v1.5" fill="none" stroke="#fff" strokeWidth="2.2" />
      </svg>
      {site.productName}
    </span>
  );
}
