import type { MediaInfo } from "./media-rules.ts";
import type { MediaType } from "./media-types.ts";

/** An upload announced, its bytes not checked yet (docs/decisions/0070-article-images.md). */
export interface PendingMedia {
  id: string;
  status: "pending";
  fileName: string;
  contentType: MediaType;
  size: number;
  createdAt: string;
}

/** An uploaded image whose bytes were checked, with its size and variants. */
export interface ReadyMedia extends MediaInfo {
  status: "ready";
  fileName: string;
  contentType: MediaType;
  /** Storage key of the original. */
  key: string;
  createdAt: string;
}

export type MediaRecord = PendingMedia | ReadyMedia;

/** Where media records are kept (`MediaRepository` in the table): one per upload, read by id. */
export interface MediaRecords {
  putPending(media: PendingMedia, now: Date): Promise<void>;
  /** Replaces the pending record: a checked image is kept. */
  putReady(media: ReadyMedia): Promise<void>;
  get(id: string): Promise<MediaRecord | undefined>;
  /** The ready images among these ids (unknown and pending ones are left out). */
  readyByIds(ids: readonly string[]): Promise<Map<string, ReadyMedia>>;
}
