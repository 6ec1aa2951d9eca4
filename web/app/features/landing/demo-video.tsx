import { useEffect, useRef, useState } from "react";
import { site } from "../../config/site.ts";
import { Icon } from "../../ui/icons.tsx";
import { Section } from "../../ui/section.tsx";
import { useTranslation } from "react-i18next";

export const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * The demo video, click to load: until the visitor presses play nothing comes from the
 * video host (no iframe, no thumbnail); then the privacy-enhanced player starts playing.
 */
export function DemoVideo() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  return (
    <Section id="demo" heading={t("landing.video.heading")} intro={t("landing.video.intro")} className="below-the-fold">
      <div className="relative mx-auto aspect-video max-w-4xl overflow-hidden rounded-2xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 shadow-xl">
        {playing ? (
          <iframe
            ref={frame}
            src={`${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(site.demoVideoId)}?autoplay=1&rel=0`}
            title={t("landing.video.frameTitle")}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex flex-col items-center justify-center gap-4 text-white"
          >
            <span className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-white/95 text-brand-800 shadow-lg group-hover:scale-105">
              <Icon name="play" className="ml-1 h-9 w-9 fill-current" />
            </span>
            <span className="text-lg font-semibold">{t("landing.video.play")}</span>
          </button>
        )}
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">{t("landing.video.notice")}</p>
    </Section>
  );
}
