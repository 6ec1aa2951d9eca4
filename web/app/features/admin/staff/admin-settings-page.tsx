import { useCallback, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { useAdmin } from "../shared/admin-context.ts";
import { useAdminList } from "../shared/hooks/use-admin-list.ts";
import { NoticeRegion, type Notice } from "../shared/components/notices.tsx";
import { PlainButton, PrimaryButton } from "../shared/components/buttons.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { signedInAs } from "../shared/session-store.ts";
import { useStaffApi, type ProfileInput } from "./api/staff-api.ts";
import { AccountField, AdminLanguageField } from "../shared/components/account-field.tsx";

/**
 * `/admin/ajustes`: the signed-in person's own account: their author page and the admin's
 * language, passkeys, password, sessions and API keys (docs/decisions/0421-cookie-sessions-and-csrf.md).
 */
export default function AdminSettingsPage() {
  const { t } = useTranslation();
  const { person } = useAdmin();
  const api = useStaffApi();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [profile, setProfile] = useState<ProfileInput>({
    name: person.name,
    language: person.language,
    roleLine: person.roleLine ?? "",
    bio: person.bio ?? "",
    photoUrl: person.photoUrl ?? "",
  });
  const [passwords, setPasswords] = useState({ currentPassword: "", password: "" });
  const [passkeyName, setPasskeyName] = useState("");
  const [keyName, setKeyName] = useState("");
  const [newKey, setNewKey] = useState<string | null>(null);
  const sessions = useAdminList(useCallback(() => api.sessions(), [api]));
  const keys = useAdminList(useCallback(() => api.apiKeys(), [api]));
  const passkeys = useAdminList(useCallback(() => api.passkeys(), [api]));

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      setNotice({ kind: "success", text: done });
      await Promise.all([sessions.reload(), keys.reload(), passkeys.reload()]);
    } catch (error) {
      const code = error instanceof ApiError ? (error.fields[0]?.code ?? error.code) : "failed";
      const known = error instanceof ApiError && error.status === 400 && error.fields[0];
      setNotice({ kind: "error", text: known ? t(`validation.${code}`) : t("admin.settings.failed") });
    }
  }

  function onProfile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void act(async () => signedInAs((await api.saveProfile(profile)).person), t("admin.settings.profileSaved"));
  }

  function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void act(async () => {
      const { endedSessions } = await api.changePassword(passwords);
      setPasswords({ currentPassword: "", password: "" });
      return endedSessions;
    }, t("admin.settings.passwordChanged"));
  }

  function onAddPasskey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void act(async () => {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const { challenge, options } = await api.passkeyOptions();
      const response = await startRegistration({ optionsJSON: options });
      await api.addPasskey(challenge, response, passkeyName || t("admin.settings.passkeyDefaultName"));
      setPasskeyName("");
    }, t("admin.settings.passkeyAdded"));
  }

  function onCreateKey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void act(async () => {
      setNewKey((await api.createApiKey(keyName)).key);
      setKeyName("");
    }, t("admin.settings.keyCreated"));
  }

  const when = (iso: string) => new Date(iso).toLocaleString(person.language);

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <DocumentHead title={t("admin.settings.pageTitle")} />
      <h1 className="text-3xl font-bold text-ink">{t("admin.settings.title")}</h1>
      <NoticeRegion notice={notice} />

      <SettingsSection
        id="profile"
        title={t("admin.settings.profileTitle")}
        hint={t("admin.settings.profileHint", { slug: person.slug })}
      >
        <form onSubmit={onProfile}>
          <AccountField
            label={t("admin.settings.name")}
            value={profile.name}
            onChange={(value) => setProfile({ ...profile, name: value })}
            control={{ required: true }}
          />
          <AdminLanguageField value={profile.language} onChange={(language) => setProfile({ ...profile, language })} />
          <AccountField
            label={t("admin.settings.roleLine")}
            value={profile.roleLine ?? ""}
            onChange={(value) => setProfile({ ...profile, roleLine: value })}
          />
          <AccountField
            label={t("admin.settings.bio")}
            value={profile.bio ?? ""}
            onChange={(value) => setProfile({ ...profile, bio: value })}
            rows={4}
          />
          <AccountField
            label={t("admin.settings.photo")}
            value={profile.photoUrl ?? ""}
            onChange={(value) => setProfile({ ...profile, photoUrl: value })}
          />
          <PrimaryButton type="submit" className="mt-6 px-4 py-2">
            {t("admin.settings.saveProfile")}
          </PrimaryButton>
        </form>
      </SettingsSection>

      <SettingsSection id="passkeys" title={t("admin.settings.passkeysTitle")} hint={t("admin.settings.passkeysHint")}>
        <SettingsList
          label={t("admin.settings.passkeysTitle")}
          items={passkeys.data?.passkeys}
          text={(passkey) => `${passkey.name} · ${when(passkey.createdAt)}`}
          action={(passkey) => ({
            label: t("admin.settings.remove"),
            run: () => void act(() => api.removePasskey(passkey.id), t("admin.settings.passkeyRemoved")),
          })}
        />
        <AddForm
          onSubmit={onAddPasskey}
          label={t("admin.settings.passkeyName")}
          value={passkeyName}
          onChange={setPasskeyName}
          submit={t("admin.settings.addPasskey")}
        />
      </SettingsSection>

      <SettingsSection id="password" title={t("admin.settings.passwordTitle")} hint={t("admin.settings.passwordHint")}>
        <form onSubmit={onPassword}>
          {person.hasPassword ? (
            <>
              <AccountField
                label={t("admin.settings.currentPassword")}
                value={passwords.currentPassword}
                onChange={(value) => setPasswords({ ...passwords, currentPassword: value })}
                control={{ type: "password", autoComplete: "current-password" }}
              />
            </>
          ) : null}
          <AccountField
            label={t("admin.settings.newPassword")}
            value={passwords.password}
            onChange={(value) => setPasswords({ ...passwords, password: value })}
            control={{ type: "password", autoComplete: "new-password" }}
          />
          <PrimaryButton type="submit" className="mt-6 px-4 py-2">
            {t("admin.settings.changePassword")}
          </PrimaryButton>
        </form>
      </SettingsSection>

      <SettingsSection id="sessions" title={t("admin.settings.sessionsTitle")}>
        <SettingsList
          label={t("admin.settings.sessionsTitle")}
          items={sessions.data?.sessions}
          text={(session) => (
            <>
              {when(session.createdAt)} · {t(`admin.settings.methods.${session.method}`)} ·{" "}
              {session.userAgent.slice(0, 60)}
              {session.current ? <strong> · {t("admin.settings.thisSession")}</strong> : null}
            </>
          )}
          action={(session) =>
            session.current
              ? null
              : {
                  label: t("admin.settings.endSession"),
                  run: () => void act(() => api.endSession(session.id), t("admin.settings.sessionEnded")),
                }
          }
        />
        <PlainButton
          className="mt-4 px-4 py-2"
          onClick={() => void act(() => api.endOtherSessions(), t("admin.settings.sessionEnded"))}
        >
          {t("admin.settings.endOthers")}
        </PlainButton>
      </SettingsSection>

      <SettingsSection id="keys" title={t("admin.settings.keysTitle")} hint={t("admin.settings.keysHint")}>
        {newKey ? (
          <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t("admin.settings.keyShownOnce")} <code className="break-all font-mono">{newKey}</code>
          </p>
        ) : null}
        <SettingsList
          label={t("admin.settings.keysTitle")}
          items={keys.data?.apiKeys}
          text={(key) => (
            <>
              {key.name} · <code>{key.prefix}…</code> · {when(key.createdAt)}
            </>
          )}
          action={(key) => ({
            label: t("admin.settings.revoke"),
            run: () => void act(() => api.revokeApiKey(key.id), t("admin.settings.keyRevoked")),
          })}
        />
        <AddForm
          onSubmit={onCreateKey}
          label={t("admin.settings.keyName")}
          value={keyName}
          onChange={setKeyName}
          required
          submit={t("admin.settings.createKey")}
        />
      </SettingsSection>
    </main>
  );
}

/** One of the settings' lists (passkeys, sessions, API keys): each item's text and its one button, if it has one. */
function SettingsList<Item extends { id: string }>({
  label,
  items,
  text,
  action,
}: {
  label: string;
  items: readonly Item[] | undefined;
  text(item: Item): ReactNode;
  action(item: Item): { label: string; run(): void } | null;
}) {
  return (
    <ul aria-label={label} className="mt-3 divide-y divide-slate-200">
      {items?.map((item) => {
        const button = action(item);
        return (
          <li key={item.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>{text(item)}</span>
            {button ? (
              <PlainButton className="px-3 py-1.5 text-sm" onClick={button.run}>
                {button.label}
              </PlainButton>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Under a list (passkeys, API keys): the name of one more, and the button that adds it. */
function AddForm({
  onSubmit,
  label,
  value,
  onChange,
  required = false,
  submit,
}: {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  submit: string;
}) {
  return (
    <form onSubmit={onSubmit} className="mt-2">
      <AccountField label={label} value={value} onChange={onChange} control={required ? { required } : undefined} />
      <PrimaryButton type="submit" className="mt-4 px-4 py-2">
        {submit}
      </PrimaryButton>
    </form>
  );
}

/** One section of the settings: its heading (which names it) and its hint. */
function SettingsSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl bg-white p-6 shadow-sm">
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      {children}
    </section>
  );
}
