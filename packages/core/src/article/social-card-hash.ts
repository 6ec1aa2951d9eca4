import { createHash } from "node:crypto";
import { cardIdentity, type CardFacts } from "./social-card.ts";

/** The 16 hex characters of a card's address that say what it shows (SHA-256 of its facts). */
export function cardHash(facts: CardFacts): string {
  return createHash("sha256").update(cardIdentity(facts)).digest("hex").slice(0, 16);
}
