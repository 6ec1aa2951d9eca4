import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LEAD_INBOX_STATES, LEAD_NOTE_MAX, type LeadInboxState } from "@codcrm/core/lead/lead-inbox";
import { leadInboxSchema } from "@codcrm/core/lead/lead-inbox-schema";
import type { Lead } from "../api/leads-api.ts";
import { PlainButton } from "../../shared/components/buttons.tsx";
import { Select } from "../../../../ui/select-field.tsx";

/**
 * A lead's place in the team's inbox and the team's note (docs/decisions/0452-leads-as-an-inbox.md):
 * the form the API's own schema checks; saved with "Guardar", and said so.
 */
export function LeadInboxForm({
  lead,
  onSave,
}: {
  lead: Lead;
  /** Saves the state and note; resolves once stored, rejects when not. */
  onSave(input: { state: LeadInboxState; note: string }): Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<LeadInboxState>(lead.inbox.state);
  const [note, setNote] = useState(lead.inbox.note ?? "");
  const [said, setSaid] = useState<{ kind: "status" | "alert"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = state !== lead.inbox.state || note.trim() !== (lead.inbox.note ?? "");

  async function save() {
    const parsed = leadInboxSchema.safeParse({ state, note });
    if (!parsed.success) return setSaid({ kind: "alert", text: t("admin.leads.inbox.invalid") });
    setBusy(true);
    setSaid(null);
    try {
      await onSave({ state, note });
      setSaid({ kind: "status", text: t("admin.leads.inbox.saved") });
    } catch {
      setSaid({ kind: "alert", text: t("admin.leads.inbox.failed") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 grid gap-2 border-t border-slate-100 pt-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
      <label className="flex flex-col text-xs font-semibold text-slate-800" htmlFor={`${id}-state`}>
        {t("admin.leads.inbox.state")}
        <Select<LeadInboxState>
          id={`${id}-state`}
          value={state}
          options={LEAD_INBOX_STATES.map((option) => [option, t(`admin.leads.inbox.states.${option}`)] as const)}
          onChange={setState}
          className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm font-normal"
        />
      </label>
      <label className="flex flex-col text-xs font-semibold text-slate-800" htmlFor={`${id}-note`}>
        {t("admin.leads.inbox.note")}
        <textarea
          id={`${id}-note`}
          value={note}
          rows={2}
          maxLength={LEAD_NOTE_MAX}
          onChange={(event) => setNote(event.currentTarget.value)}
          className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm font-normal"
        />
      </label>
      <PlainButton
        disabled={!changed || busy}
        onClick={() => void save()}
        className="px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? t("admin.leads.inbox.saving") : t("admin.leads.inbox.save")}
      </PlainButton>
      {said ? (
        <p
          role={said.kind}
          className={`text-xs sm:col-span-3 ${said.kind === "alert" ? "text-red-800" : "text-green-900"}`}
        >
          {said.text}
        </p>
      ) : null}
    </div>
  );
}
