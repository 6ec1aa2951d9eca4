/** What every credential a person holds has as stored, a passkey or an API key: never a secret. */
export interface StoredCredential {
  id: string;
  staffId: string;
  /** What the person called it ("Portátil", "Script de informes"). */
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}

/** A stored credential's shared fields, whatever its age (an item without a name has ""). */
export function credentialFrom(item: Record<string, unknown>): StoredCredential {
  return {
    id: String(item.id),
    staffId: String(item.staffId),
    name: String(item.name ?? ""),
    createdAt: String(item.createdAt),
    ...(typeof item.lastUsedAt === "string" ? { lastUsedAt: item.lastUsedAt } : {}),
  };
}
