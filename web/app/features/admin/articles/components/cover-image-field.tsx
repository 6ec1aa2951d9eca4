import { useId, useRef, useState, type DragEvent } from "react";
import type { MediaInfo } from "@codcrm/core/media/media-rules";
import { MEDIA_TYPE_LIST } from "@codcrm/core/media/media-rules";
import { useTranslation } from "../../../../i18n/language-context.tsx";
import { ImageRefused, imageFilesOf } from "../api/media-upload.ts";

const INPUT = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

export interface CoverImageFieldProps {
  imageUrl: string;
  imageAlt: string;
  /** Validation codes of the two fields, if any. */
  errors: { imageUrl?: string; imageAlt?: string };
  onImageUrl(url: string): void;
  onImageAlt(alt: string): void;
  /** Uploads a file; absent where uploads are not available (then only a URL can be typed). */
  upload?: (file: File) => Promise<MediaInfo>;
}

/**
 * The cover: an uploaded image (file picker or drag and drop) or a typed https address, and
 * its text alternative, which is asked for as soon as an image is chosen
 * (docs/decisions/0071-image-alt-text.md).
 */
export function CoverImageField({ imageUrl, imageAlt, errors, onImageUrl, onImageAlt, upload }: CoverImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const altRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ kind: "busy" | "error"; text: string } | null>(null);
  const [dragging, setDragging] = useState(false);

  async function take(file: File | undefined) {
    if (!file || !upload) return;
    setStatus({ kind: "busy", text: t("admin.editor.images.uploading", { file: file.name }) });
    try {
      const media = await upload(file);
      onImageUrl(media.url);
      setStatus(null);
      altRef.current?.focus();
    } catch (error) {
      const code = error instanceof ImageRefused ? error.code : "upload_failed";
      setStatus({
        kind: "error",
        text: t("admin.editor.images.refused", { file: file.name, reason: t(`validation.${code}`) }),
      });
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void take(imageFilesOf(event.dataTransfer)[0]);
  }

  const describe = (field: "imageUrl" | "imageAlt", hint: boolean) =>
    [hint ? `${id}-${field}-hint` : "", errors[field] ? `${id}-${field}-error` : ""].filter(Boolean).join(" ") ||
    undefined;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-800">{t("admin.editor.images.cover")}</legend>
      {upload ? (
        <div
          data-testid="cover-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-wrap items-center gap-3 rounded-lg border-2 border-dashed p-4 text-sm text-slate-700 ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
        >
          <label
            htmlFor={`${id}-file`}
            className="cursor-pointer rounded-lg bg-slate-100 px-3 py-2 font-semibold text-slate-800 hover:bg-slate-200"
          >
            {t("admin.editor.images.choose")}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={MEDIA_TYPE_LIST.join(",")}
            className="sr-only"
            onChange={(event) => {
              void take(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <span>{t("admin.editor.images.dropHint")}</span>
        </div>
      ) : null}
      <p
        role={status?.kind === "error" ? "alert" : "status"}
        data-testid="cover-upload-status"
        className={status?.kind === "error" ? "text-sm text-red-700" : "text-sm text-slate-600"}
      >
        {status?.text ?? ""}
      </p>
      {imageUrl ? (
        <img src={imageUrl} alt="" className="h-24 w-auto rounded-lg border border-slate-200 object-cover" />
      ) : null}
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm font-semibold text-slate-800">
          {t("admin.editor.fields.imageUrl")}
        </label>
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          value={imageUrl}
          aria-invalid={errors.imageUrl ? true : undefined}
          aria-describedby={describe("imageUrl", true)}
          onChange={(event) => onImageUrl(event.target.value)}
          className={INPUT}
        />
        <p id={`${id}-imageUrl-hint`} className="mt-1 text-xs text-slate-600">
          {t("admin.editor.fields.imageUrlHint")}
        </p>
        {errors.imageUrl ? (
          <p id={`${id}-imageUrl-error`} className="mt-1 text-sm text-red-700">
            {t(`validation.${errors.imageUrl}`)}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="block text-sm font-semibold text-slate-800">
          {t("admin.editor.images.coverAlt")}
        </label>
        <input
          id={`${id}-alt`}
          ref={altRef}
          type="text"
          value={imageAlt}
          aria-invalid={errors.imageAlt ? true : undefined}
          aria-describedby={describe("imageAlt", true)}
          onChange={(event) => onImageAlt(event.target.value)}
          className={INPUT}
        />
        <p id={`${id}-imageAlt-hint`} className="mt-1 text-xs text-slate-600">
          {t("admin.editor.images.coverAltHint")}
        </p>
        {errors.imageAlt ? (
          <p id={`${id}-imageAlt-error`} className="mt-1 text-sm text-red-700">
            {t(`validation.${errors.imageAlt}`)}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
