import { useState } from "react";
import type { MediaInfo } from "@codcrm/core/media/media-rules";
import { useTranslation } from "react-i18next";
import { ImageRefused } from "../api/media-upload.ts";

type UploadStatus = { kind: "busy" | "error"; text: string };

/**
 * One place's image uploads (the cover, the content) with what it says about them: "uploading
 * …" while one is sent, why a file was refused when it was. `send` answers the checked image,
 * or nothing when it was refused or there is no `upload`.
 */
export function useImageUpload(upload: ((file: File) => Promise<MediaInfo>) | undefined) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<UploadStatus | null>(null);

  async function send(file: File): Promise<MediaInfo | undefined> {
    if (!upload) return undefined;
    setStatus({ kind: "busy", text: t("admin.editor.images.uploading", { file: file.name }) });
    try {
      const media = await upload(file);
      setStatus(null);
      return media;
    } catch (error) {
      const code = error instanceof ImageRefused ? error.code : "upload_failed";
      setStatus({
        kind: "error",
        text: t("admin.editor.images.refused", { file: file.name, reason: t(`validation.${code}`) }),
      });
      return undefined;
    }
  }

  /** The line that says it, always rendered so that screen readers already watch it. */
  const statusLine = (testId: string) => (
    <p
      role={status?.kind === "error" ? "alert" : "status"}
      data-testid={testId}
      className={status?.kind === "error" ? "text-sm text-red-700" : "text-sm text-slate-600"}
    >
      {status?.text ?? ""}
    </p>
  );

  return { send, statusLine };
}
