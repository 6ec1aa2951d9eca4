import type { OutboxMessage } from "../mail/outbox.ts";
import type { Lead, Subscriber } from "./lead.ts";
import { ADDRESS_HASH_IN_KEYS, addressHash, normalizeEmail } from "./lead.ts";

/**
 * A person's data, found by their e-mail address, for RGPD articles 15 (access: export) and 17
 * (erasure) (docs/decisions/0168-personal-data-export-and-erasure.md).
 */

/** `POST /api/admin/personal-data/export`, 200: everything the table holds about the address. */
export interface PersonalDataExport {
  email: string;
  exportedAt: string;
  /** The subscription with its consent record, when there is one. */
  subscription: Subscriber | null;
  /** Contact and trial requests, newsletter notices and spam that carry the address. */
  leads: Lead[];
  /** Copies of mails kept by the outbox transport: sent to the address, or about it. */
  outbox: OutboxMessage[];
  /** Any other item that names the address or its hash (a send claim, for example), as stored. */
  other: Record<string, unknown>[];
}

export interface ErasureCounts {
  subscription: number;
  leads: number;
  outbox: number;
  other: number;
}

/**
 * `POST /api/admin/personal-data/erase`, 200. The erasure record keeps the same with the
 * address's hash (`addressHash`) instead of the address.
 */
export interface ErasureResult {
  erasedAt: string;
  removed: ErasureCounts;
}

/**
 * Partitions of published content, of the erasure records and of the analytics (aggregate
 * counters, daily-salted visitor marks, the day's salt: nothing of a person,
 * docs/decisions/0401-analytics-counters-per-day.md): never the person's data.
 */
export const NOT_PERSONAL_PARTITIONS = [
  "ARTICLE#",
  "REVISIONS#",
  "SLUG#",
  "GROUP#",
  "MEDIA#",
  "ERASURE#",
  "STATS#",
  "VISITOR#",
  "ANALYTICS",
] as const;

/** What ties an item to a person: the address (any case) anywhere in it, or its hash in its key. */
export interface AddressMatcher {
  email: string;
  hash: string;
  matches(item: Record<string, unknown>): boolean;
}

export function addressMatcher(address: string): AddressMatcher {
  const email = normalizeEmail(address);
  const hash = addressHash(email);
  const keyHash = hash.slice(0, ADDRESS_HASH_IN_KEYS);
  return {
    email,
    hash,
    matches(item) {
      const key = `${String(item.pk)}\n${String(item.sk)}`.toLowerCase();
      return key.includes(keyHash) || holds(item, email);
    },
  };
}

/** True when a string anywhere in the value (keys of maps too) contains `needle`, case-insensitively. */
function holds(value: unknown, needle: string): boolean {
  if (typeof value === "string") return value.toLowerCase().includes(needle);
  if (Array.isArray(value) || value instanceof Set) return [...value].some((entry) => holds(entry, needle));
  if (value && typeof value === "object")
    return Object.entries(value).some(([name, entry]) => name.toLowerCase().includes(needle) || holds(entry, needle));
  return false;
}

export type PersonalItemKind = keyof ErasureCounts;

/** Which list of the export an item goes to, by its partition. */
export function personalItemKind(item: Record<string, unknown>): PersonalItemKind {
  const pk = String(item.pk);
  if (pk.startsWith("SUBSCRIBER#")) return "subscription";
  // A lead's own item; beside it, its delivery to the CRM (docs/decisions/0405-lead-webhook.md) is "other".
  if (pk.startsWith("LEAD#") && item.sk === "LEAD") return "leads";
  if (pk.startsWith("OUTBOX#")) return "outbox";
  return "other";
}
