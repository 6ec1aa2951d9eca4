import { useCallback, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ASSIGNABLE_ROLES, type AssignableRole } from "@codcrm/core/staff/roles";
import type { StaffView } from "@codcrm/core/staff/staff";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { useAdmin } from "../shared/admin-context.ts";
import { useAdminList } from "../shared/hooks/use-admin-list.ts";
import { LoadFailed, NoticeRegion, type Notice } from "../shared/components/notices.tsx";
import { PlainButton, PrimaryButton } from "../shared/components/buttons.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useStaffApi } from "./api/staff-api.ts";
import { AuditList } from "../shared/components/audit-list.tsx";
import { ACCOUNT_CONTROL, AccountField } from "../shared/components/account-field.tsx";
import { LabelledSelect, Select } from "../../../ui/select-field.tsx";

/**
 * `/admin/usuarios`: the staff, their roles and invitations, and the audit trail of everyone or
 * of one person (docs/decisions/0420-staff-roles-and-permissions.md, 0424).
 */
export default function AdminStaffPage() {
  const { t } = useTranslation();
  const { person, can } = useAdmin();
  const api = useStaffApi();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [auditOf, setAuditOf] = useState("");
  const list = useAdminList(useCallback(() => api.staff(), [api]));
  const audit = useAdminList(useCallback(() => api.audit(auditOf || undefined), [api, auditOf]));
  const ids = { role: useId(), audit: useId() };
  const [invite, setInvite] = useState<{ email: string; name: string; role: AssignableRole }>({
    email: "",
    name: "",
    role: "author",
  });

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      setNotice({ kind: "success", text: done });
      await Promise.all([list.reload(), audit.reload()]);
    } catch (error) {
      const code = error instanceof ApiError ? (error.fields[0]?.code ?? error.code) : "failed";
      setNotice({
        kind: "error",
        text: t(`admin.staff.errors.${code}`, { defaultValue: t("admin.staff.errors.failed") }),
      });
    }
  }

  function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void act(
      async () => {
        await api.invite(invite);
        setInvite({ email: "", name: "", role: invite.role });
      },
      t("admin.staff.invited", { email: invite.email }),
    );
  }

  const roleName = (role: string) => t(`admin.staff.roles.${role}`);
  const roleOptions = ASSIGNABLE_ROLES.map((role) => [role, roleName(role)] as const);
  const row = (member: StaffView) => {
    // Another person's role, while they are on the team, can be changed; the owner's never (only
    // handing ownership over makes one).
    const assignable =
      member.id !== person.id && member.state !== "removed" && member.role !== "owner" ? member.role : undefined;
    return (
      <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div>
          <p className="font-semibold text-ink">{member.name || member.email}</p>
          <p className="text-sm text-slate-600">
            {member.email} · {roleName(member.role)}
            {member.state !== "active" ? ` · ${t(`admin.staff.states.${member.state}`)}` : ""}
          </p>
        </div>
        {assignable ? (
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`role-${member.id}`}>
              {t("admin.staff.roleOf", { name: member.name || member.email })}
            </label>
            <Select<AssignableRole>
              id={`role-${member.id}`}
              value={assignable}
              options={roleOptions}
              onChange={(role) => void act(() => api.change(member.id, { role }), t("admin.staff.changed"))}
              className="rounded-lg border border-slate-400 px-2 py-1.5 text-sm"
            />
            <PlainButton
              className="px-3 py-1.5 text-sm"
              onClick={() =>
                void act(
                  () => api.change(member.id, { state: member.state === "suspended" ? "active" : "suspended" }),
                  t("admin.staff.changed"),
                )
              }
            >
              {member.state === "suspended" ? t("admin.staff.reactivate") : t("admin.staff.suspend")}
            </PlainButton>
            <PlainButton
              className="px-3 py-1.5 text-sm"
              onClick={() => void act(() => api.remove(member.id), t("admin.staff.removed"))}
            >
              {t("admin.staff.remove")}
            </PlainButton>
            {can("ownership") && member.state === "active" ? (
              <PlainButton
                className="px-3 py-1.5 text-sm"
                onClick={() => void act(() => api.handOwnership(member.id), t("admin.staff.ownershipHanded"))}
              >
                {t("admin.staff.handOwnership")}
              </PlainButton>
            ) : null}
          </div>
        ) : null}
      </li>
    );
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <DocumentHead title={t("admin.staff.pageTitle")} />
      <h1 className="text-3xl font-bold text-ink">{t("admin.staff.title")}</h1>
      <NoticeRegion notice={notice} />

      <section aria-labelledby="invite-title" className="mt-6 rounded-xl bg-white p-6 shadow-sm">
        <h2 id="invite-title" className="text-xl font-bold text-ink">
          {t("admin.staff.inviteTitle")}
        </h2>
        <form onSubmit={onInvite} className="mt-2 grid gap-4 sm:grid-cols-4 sm:items-end">
          <AccountField
            labelClassName="text-sm font-semibold text-slate-800"
            label={t("admin.staff.email")}
            value={invite.email}
            onChange={(value) => setInvite({ ...invite, email: value })}
            control={{ type: "email", required: true }}
          />
          <AccountField
            labelClassName="text-sm font-semibold text-slate-800"
            label={t("admin.staff.name")}
            value={invite.name}
            onChange={(value) => setInvite({ ...invite, name: value })}
          />
          <LabelledSelect
            id={ids.role}
            label={t("admin.staff.role")}
            labelClassName="text-sm font-semibold text-slate-800"
            value={invite.role}
            options={roleOptions}
            onChange={(role) => setInvite({ ...invite, role })}
            className={ACCOUNT_CONTROL}
          />
          <PrimaryButton type="submit" className="px-4 py-2">
            {t("admin.staff.invite")}
          </PrimaryButton>
        </form>
        <p className="mt-2 text-sm text-slate-600">{t("admin.staff.inviteHint")}</p>
      </section>

      {list.loadFailed ? <LoadFailed message={t("admin.staff.loadFailed")} onRetry={() => void list.reload()} /> : null}
      {list.data ? (
        <>
          <h2 className="mt-8 text-xl font-bold text-ink">{t("admin.staff.listTitle")}</h2>
          <ul
            aria-label={t("admin.staff.listTitle")}
            className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {list.data.staff.map(row)}
          </ul>
          {list.data.invitations.length > 0 ? (
            <>
              <h2 className="mt-8 text-xl font-bold text-ink">{t("admin.staff.invitationsTitle")}</h2>
              <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {list.data.invitations.map((invitation) => (
                  <li key={invitation.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                    <span>
                      {invitation.email} · {roleName(invitation.role)}
                    </span>
                    <PlainButton
                      className="px-3 py-1.5 text-sm"
                      onClick={() =>
                        void act(() => api.revokeInvitation(invitation.id), t("admin.staff.invitationRevoked"))
                      }
                    >
                      {t("admin.staff.revokeInvitation")}
                    </PlainButton>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}

      <section aria-labelledby="audit-title" className="mt-10">
        <h2 id="audit-title" className="text-xl font-bold text-ink">
          {t("admin.audit.title")}
        </h2>
        <label htmlFor={ids.audit} className="mt-3 block text-sm font-semibold text-slate-800">
          {t("admin.audit.person")}
        </label>
        <Select
          id={ids.audit}
          value={auditOf}
          options={[
            ["", t("admin.audit.everyone")],
            ...(list.data?.staff ?? []).map((member) => [member.id, member.name || member.email] as const),
          ]}
          onChange={setAuditOf}
          className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
        />
        {audit.loadFailed ? (
          <LoadFailed message={t("admin.audit.loadFailed")} onRetry={() => void audit.reload()} />
        ) : null}
        {audit.data ? <AuditList entries={audit.data.entries} label={t("admin.audit.title")} /> : null}
      </section>
    </main>
  );
}
