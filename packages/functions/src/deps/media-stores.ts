import type { MediaStorage } from "@codcrm/core/media/media-storage";
import { store, type Makers } from "./made.ts";

/** Article images: their files (S3 with MEDIA_BUCKET, else the local folder MEDIA_DIR) and records. */
export const MEDIA_STORES = {
  mediaStorage: async (deps): Promise<MediaStorage> => {
    const { config } = deps;
    if (config.MEDIA_BUCKET) {
      const { createS3MediaStorage } = await import("@codcrm/core/media/s3-media-storage");
      return createS3MediaStorage(config.AWS_REGION, config.MEDIA_BUCKET);
    }
    if (!config.MEDIA_DIR) throw new Error("Set MEDIA_BUCKET (AWS) or MEDIA_DIR (local) to store images.");
    const { LocalMediaStorage } = await import("@codcrm/core/media/local-media-storage.server");
    return new LocalMediaStorage(config.MEDIA_DIR, config.JWT_SECRET, deps.clock);
  },
  mediaRecords: store(async () => (await import("@codcrm/core/db/media-repository")).MediaRepository),
  media: async (deps) => {
    const { MediaService } = await import("@codcrm/core/media/media-service");
    const { randomBytes } = await import("node:crypto");
    return new MediaService(await deps.mediaStorage(), await deps.mediaRecords(), (n) => randomBytes(n));
  },
} satisfies Makers;
