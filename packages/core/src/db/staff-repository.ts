import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isLanguage, DEFAULT_LANGUAGE } from "../site/languages.ts";
import { isRole } from "../staff/roles.ts";
import type { StaffMember, StaffState } from "../staff/staff.ts";
import { conditionHeld } from "./dynamo-client.ts";
import { KIND, keys, listedUnder } from "./table-design.ts";
import { TableStore } from "./table-store.ts";

/** A known device stays known this long after it last signed in (the device cookie's own life). */
export const KNOWN_DEVICE_DAYS = 180;

/**
 * Staff accounts (docs/decisions/0420-staff-roles-and-permissions.md): one item per person,
 * an e-mail claim and an author-slug claim each made by a conditional put (one account per
 * address, one page per slug), and one owner item naming the owner, so that handing ownership
 * over is one conditional update and there is never more nor less than one owner. No
 * transactions (the embedded store has none): every multi-item change claims first and writes
 * the person last, so a crash between leaves at most an unused claim, never a person without one.
 */
export class StaffRepository extends TableStore {
  async get(id: string): Promise<StaffMember | undefined> {
    const item = await this.readItem(keys.staff(id));
    return item ? fromItem(item) : undefined;
  }

  async byEmail(email: string): Promise<StaffMember | undefined> {
    const claim = await this.readItem(keys.staffEmail(email.toLowerCase()));
    return typeof claim?.staffId === "string" ? this.get(claim.staffId) : undefined;
  }

  async bySlug(slug: string): Promise<StaffMember | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.staffSlug(slug) }));
    return typeof Item?.staffId === "string" ? this.get(Item.staffId) : undefined;
  }

  /** Everyone, the removed included (their articles still name them), newest first. */
  async list(): Promise<StaffMember[]> {
    return (await this.kindItems(KIND.staff)).map(fromItem);
  }

  /** The owner's id, or undefined in a store that has none yet. */
  async ownerId(): Promise<string | undefined> {
    const owner = await this.readItem(keys.owner());
    return typeof owner?.staffId === "string" ? owner.staffId : undefined;
  }

  /** Names the first owner, unless one is named already: true when this call did. */
  async claimOwner(staffId: string, now: Date): Promise<boolean> {
    return conditionHeld(this.putNew({ ...keys.owner(), staffId, since: now.toISOString() }));
  }

  /** Hands ownership from `from` to `to` in one conditional update: false when `from` is not the owner. */
  async moveOwner(from: string, to: string, now: Date): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.owner(),
          UpdateExpression: "SET staffId = :to, since = :now",
          ConditionExpression: "staffId = :from",
          ExpressionAttributeValues: { ":to": to, ":from": from, ":now": now.toISOString() },
        }),
      ),
    );
  }

  /**
   * Stores a new person: the e-mail claim, then the slug claim (the next free `-2`, `-3`…), then
   * the person. False when the address has an account already. Answers the person as stored.
   */
  async create(member: StaffMember): Promise<StaffMember | undefined> {
    const email = member.email.toLowerCase();
    if (!(await this.claimFor(keys.staffEmail(email), member.id))) return undefined;
    const slug = await this.claimSlug(member.slug, member.id);
    const stored = { ...member, email, slug };
    await this.putNew(toItem(stored)).catch((error: unknown) => {
      // The person exists (a retried creation of the same id): what is stored stands.
      if (!(error instanceof Error && error.name === "ConditionalCheckFailedException")) throw error;
    });
    return (await this.get(member.id)) ?? stored;
  }

  /** Claims `wanted`, or `wanted-2`, `wanted-3`… for this person; answers the slug claimed. */
  async claimSlug(wanted: string, staffId: string): Promise<string> {
    const base = wanted || "autor";
    for (let n = 1; n < 100; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (await this.claimFor(keys.staffSlug(slug), staffId)) return slug;
    }
    throw new Error(`No free author slug for ${wanted}`);
  }

  /** Claims an address or a slug for this person: true when it is theirs now (or was already). */
  private claimFor(key: Record<string, string>, staffId: string): Promise<boolean> {
    return conditionHeld(
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, staffId },
          ConditionExpression: "attribute_not_exists(pk) OR staffId = :id",
          ExpressionAttributeValues: { ":id": staffId },
        }),
      ),
    );
  }

  async releaseSlug(slug: string, staffId: string): Promise<void> {
    await this.deleteOwnedBy(keys.staffSlug(slug), staffId);
  }

  /** Writes the changed fields of a person (never the id, e-mail or creation time). */
  async update(
    id: string,
    changes: Partial<Omit<StaffMember, "id" | "email" | "createdAt">>,
    now: Date,
  ): Promise<StaffMember | undefined> {
    const fields = Object.entries({ ...changes, updatedAt: now.toISOString() });
    const sets: string[] = [];
    const removes: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    fields.forEach(([name, value], index) => {
      names[`#f${index}`] = name;
      if (value === undefined || value === "") removes.push(`#f${index}`);
      else {
        sets.push(`#f${index} = :v${index}`);
        values[`:v${index}`] = value;
      }
    });
    const expression = [
      sets.length ? `SET ${sets.join(", ")}` : "",
      removes.length ? `REMOVE ${removes.join(", ")}` : "",
    ]
      .filter(Boolean)
      .join(" ");
    const updated = await conditionHeld(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.staff(id),
          UpdateExpression: expression,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: names,
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        }),
      ),
    );
    return updated ? this.get(id) : undefined;
  }

  async setState(id: string, state: StaffState, now: Date): Promise<StaffMember | undefined> {
    return this.update(id, { state, credentialsChangedAt: now.toISOString() }, now);
  }

  /** Whether `deviceId` signed in as this person before (and not too long ago). */
  async knowsDevice(staffId: string, deviceId: string, now: Date): Promise<boolean> {
    const device = await this.readItem(keys.knownDevice(staffId, deviceId));
    return device !== undefined && Number(device.expiresAt) * 1000 > now.getTime();
  }

  async rememberDevice(staffId: string, deviceId: string, now: Date): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.knownDevice(staffId, deviceId),
          seenAt: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + KNOWN_DEVICE_DAYS * 86_400,
        },
      }),
    );
  }
}

function toItem(member: StaffMember): Record<string, unknown> {
  return { ...keys.staff(member.id), ...member, ...listedUnder(KIND.staff, member) };
}

function fromItem(item: Record<string, unknown>): StaffMember {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return {
    id: String(item.id),
    email: String(item.email),
    name: String(item.name ?? ""),
    role: isRole(item.role) ? item.role : "contributor",
    state: item.state === "suspended" || item.state === "removed" ? item.state : "active",
    passwordHash: text(item.passwordHash),
    language: isLanguage(item.language) ? item.language : DEFAULT_LANGUAGE,
    slug: String(item.slug ?? item.id),
    roleLine: text(item.roleLine),
    bio: text(item.bio),
    photoUrl: text(item.photoUrl),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt ?? item.createdAt),
    credentialsChangedAt: text(item.credentialsChangedAt),
  };
}
