import { useState, type FormEvent, useId } from "react";
import { personalDataRequestSchema } from "@codcrm/core/lead/lead-schemas";
import { fieldErrors } from "@codcrm/core/validation";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../ui/confirm-dialog.tsx";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { PlainButton } from "../../shared/components/buttons.tsx";
import type { Notice } from "../../shared/components/notices.tsx";
import type { SubscribersApi } from "../api/subscribers-api.ts";
import { downloadFile } from "../../shared/lib/download.ts";

/**
 * A person's data by address (RGPD art. 15 and 17, docs/decisions/0168-personal-data-export-and-erasure.md):
 * export as a JSON file, or erase after a confirmation in the app's own dialog.
 */
export function PersonData({
  api,
  onNotice,
  onErased,
}: {
  api: Pick<SubscribersApi, "exportPerson" | "erasePerson">;
  onNotice(notice: Notice): void;
  onErased(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The address, checked as the API checks it; null (and the error shown) when it is not one. */
  function checked(): string | null {
    const parsed = personalDataRequestSchema.safeParse({ email });
    if (parsed.success) {
      setError(null);
      return parsed.data.email;
    }
    setError(t(`validation.${fieldErrors(parsed.error)[0]?.code ?? "invalid"}`));
    return null;
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      if (isSessionRefused(caught)) return;
      console.error(caught);
      onNotice({ kind: "error", text: t("admin.subscribers.person.failed") });
    } finally {
      setBusy(false);
    }
  }

  function exportData(event: FormEvent) {
    event.preventDefault();
    const address = checked();
    if (!address) return;
    void run(async () => {
      const data = await api.exportPerson(address);
      downloadFile(
        `personal-data-${data.exportedAt.slice(0, 10)}.json`,
        "application/json",
        JSON.stringify(data, null, 2),
      );
      onNotice({ kind: "success", text: t("admin.subscribers.person.exported", { email: address }) });
    });
  }

  function erase() {
    const address = confirming;
    setConfirming(null);
    if (!address) return;
    void run(async () => {
      const result = await api.erasePerson(address);
      const removed = Object.values(result.removed).reduce((sum, count) => sum + count, 0);
      setEmail("");
      onNotice({ kind: "success", text: t("admin.subscribers.person.erased", { email: address, count: removed }) });
      onErased();
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {t("admin.subscribers.person.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin.subscribers.person.intro")}</p>
      <form className="mt-3 flex flex-wrap items-end gap-3" noValidate onSubmit={exportData}>
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          {t("admin.subscribers.person.email")}
          <input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1 w-72 rounded-lg border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <PlainButton type="submit" disabled={busy} className="px-3 py-2 text-sm">
          {t("admin.subscribers.person.export")}
        </PlainButton>
        <PlainButton
          disabled={busy}
          className="px-3 py-2 text-sm text-red-800"
          onClick={() => {
            const address = checked();
            if (address) setConfirming(address);
          }}
        >
          {t("admin.subscribers.person.erase")}
        </PlainButton>
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t("admin.subscribers.person.confirmTitle", { email: confirming })}
          text={t("admin.subscribers.person.confirmText")}
          cancelLabel={t("admin.subscribers.person.cancel")}
          confirmLabel={t("admin.subscribers.person.confirmErase")}
          onCancel={() => setConfirming(null)}
          onConfirm={erase}
        />
      ) : null}
    </section>
  );
}
