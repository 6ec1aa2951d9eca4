import { useRef, useState, type DragEvent, useId } from "react";
import type { MediaInfo } from "@codcrm/core/media/media-rules";
import { MEDIA_TYPE_LIST } from "@codcrm/core/media/media-rules";
import { useTranslation } from "react-i18next";
import { imageFilesOf } from "../api/media-upload.ts";
import { useImageUpload } from "../hooks/use-image-upload.tsx";
import { bindText, text, type PanelFields, type PanelProps, type TextBinding } from "../lib/form-fields.ts";
import { EditorTextField } from "./form-field.tsx";

/** The cover and its text alternative; a translation keeps both (0155). */
export const COVER_FIELDS = {
  imageUrl: text((article) => article.imageUrl, { translation: "keep", label: "admin.editor.fields.imageUrl" }),
  imageAlt: text((article) => article.imageAlt, { translation: "keep", label: "admin.editor.images.coverAlt" }),
} satisfies PanelFields;

/** The editor's cover panel: `CoverImageField` on the form's two fields. */
export function CoverPanel({ upload, ...panel }: PanelProps & Pick<CoverImageFieldProps, "upload">) {
  return <CoverImageField url={bindText(panel, "imageUrl")} alt={bindText(panel, "imageAlt")} upload={upload} />;
}

export interface CoverImageFieldProps {
  /** The image's address and its text alternative, each tied to its field of the form. */
  url: TextBinding;
  alt: TextBinding;
  /** Uploads a file; absent where uploads are not available (then only a URL can be typed). */
  upload?: (file: File) => Promise<MediaInfo>;
}

/**
 * The cover: an uploaded image (file picker or drag and drop) or a typed https address, and
 * its text alternative, which is asked for as soon as an image is chosen
 * (docs/decisions/0071-image-alt-text.md).
 */
export function CoverImageField({ url, alt, upload }: CoverImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const altRef = useRef<HTMLInputElement>(null);
  const uploads = useImageUpload(upload);
  const [dragging, setDragging] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    const media = await uploads.send(file);
    if (!media) return;
    url.onChange(media.url);
    altRef.current?.focus();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void take(imageFilesOf(event.dataTransfer)[0]);
  }

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
          {/* The input is hidden and its label is the button: the label shows the input's keyboard
              focus with the site's ring (app.css), which the hidden input cannot (a `peer` must
              come first). */}
          <input
            id={`${id}-file`}
            type="file"
            accept={MEDIA_TYPE_LIST.join(",")}
            className="peer sr-only"
            onChange={(event) => {
              void take(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <label
            htmlFor={`${id}-file`}
            data-testid="cover-file-button"
            className="cursor-pointer rounded-lg bg-slate-100 px-3 py-2 font-semibold text-slate-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:bg-slate-200"
          >
            {t("admin.editor.images.choose")}
          </label>
          <span>{t("admin.editor.images.dropHint")}</span>
        </div>
      ) : null}
      {uploads.statusLine("cover-upload-status")}
      {url.value ? (
        <img src={url.value} alt="" className="h-24 w-auto rounded-lg border border-slate-200 object-cover" />
      ) : null}
      <EditorTextField
        {...url}
        label={t("admin.editor.fields.imageUrl")}
        hint={t("admin.editor.fields.imageUrlHint")}
        inputMode="url"
      />
      <EditorTextField
        {...alt}
        label={t("admin.editor.images.coverAlt")}
        hint={t("admin.editor.images.coverAltHint")}
        inputRef={altRef}
      />
    </fieldset>
  );
}
