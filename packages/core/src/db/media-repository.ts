import { TableStore } from "./table-store.ts";
import { BatchGetCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { MediaRecord, MediaRecords, PendingMedia, ReadyMedia } from "../media/media-records.ts";
import { keys, tableDesign } from "./table-design.ts";

/** An upload announced but not checked yet expires with its form (and a margin): no leftover items. */
const PENDING_TTL_SECONDS = 24 * 60 * 60;

/** Media records: one item per upload (`MEDIA#{id}`), read by id when an article is saved. */
export class MediaRepository extends TableStore implements MediaRecords {
  async putPending(media: PendingMedia, now: Date): Promise<void> {
    await this.putNew({
      ...keys.media(media.id),
      ...media,
      [tableDesign.ttlAttribute]: Math.floor(now.getTime() / 1000) + PENDING_TTL_SECONDS,
    });
  }

  /** Replaces the pending item (and its TTL): a checked image is kept. */
  async putReady(media: ReadyMedia): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.media(media.id), ...media } }));
  }

  async get(id: string): Promise<MediaRecord | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.media(id) }));
    return Item ? fromItem(Item) : undefined;
  }

  /** The ready images among these ids (unknown and pending ones are left out). */
  async readyByIds(ids: readonly string[]): Promise<Map<string, ReadyMedia>> {
    const found = new Map<string, ReadyMedia>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let request: Record<string, { Keys: Record<string, string>[] }> | undefined = {
        [this.table]: { Keys: unique.slice(i, i + 100).map((id) => keys.media(id)) },
      };
      while (request && Object.keys(request).length > 0) {
        const result = await this.db.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of result.Responses?.[this.table] ?? []) {
          const media = fromItem(item);
          if (media.status === "ready") found.set(media.id, media);
        }
        request = result.UnprocessedKeys as typeof request;
      }
    }
    return found;
  }
}

function fromItem(item: Record<string, unknown>): MediaRecord {
  const { pk: _pk, sk: _sk, [tableDesign.ttlAttribute]: _ttl, ...rest } = item;
  return rest as unknown as MediaRecord;
}
