import { useCallback, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { useAdmin } from "../shared/admin-context.ts";
import { useAdminList } from "../shared/hooks/use-admin-list.ts";
import { NoticeRegion, type Notice } from "../shared/components/notices.tsx";
import { PlainButton, PrimaryButton } from "../shared/components/buttons.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { signedInAs } from "../shared/session-store.ts";
import { useStaffApi, type ProfileInput } from "./api/staff-api.ts";

const field = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";
const label = "mt-4 block text-sm font-semibold text-slate-800";
const card = "mt-6 rounded-xl bg-white p-6 shadow-sm";

/**
 * `/admin/ajustes`: the signed-in person's own account: their author page and the admin's
 * language, passkeys, password, sessions and API keys (docs/decisions/0421-cookie-sessions-and-csrf.md).
 */
export default function AdminSettingsPage() {
  const { t } = useTranslation();
  const { person } = useAdmin();
  const api = useStaffApi();
  const [notice, setNotice] = useState<Notice | null>(null);
  const ids = {
    name: useId(),
    language: useId(),
    roleLine: useId(),
    bio: useId(),
    photo: useId(),
    current: useId(),
    password: useId(),
    passkeyName: useId(),
    keyName: useId(),
  };
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

      <section aria-labelledby="profile-title" className={card}>
        <h2 id="profile-title" className="text-xl font-bold text-ink">
          {t("admin.settings.profileTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.settings.profileHint", { slug: person.slug })}</p>
        <form onSubmit={onProfile}>
          <label htmlFor={ids.name} className={label}>
            {t("admin.settings.name")}
          </label>
          <input
            id={ids.name}
            required
            value={profile.name}
            onChange={(e) => setProfile({ ...profile, name: e.target.value })}
            className={field}
          />
          <label htmlFor={ids.language} className={label}>
            {t("admin.settings.language")}
          </label>
          <select
            id={ids.language}
            value={profile.language}
            onChange={(e) => setProfile({ ...profile, language: e.target.value as ProfileInput["language"] })}
            className={field}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`admin.languages.${language}`)}
              </option>
            ))}
          </select>
          <label htmlFor={ids.roleLine} className={label}>
            {t("admin.settings.roleLine")}
          </label>
          <input
            id={ids.roleLine}
            value={profile.roleLine}
            onChange={(e) => setProfile({ ...profile, roleLine: e.target.value })}
            className={field}
          />
          <label htmlFor={ids.bio} className={label}>
            {t("admin.settings.bio")}
          </label>
          <textarea
            id={ids.bio}
            rows={4}
            value={profile.bio}
            onChange={(e) => setProfile({ ...profile, bio: e.target.value })}
            className={field}
          />
          <label htmlFor={ids.photo} className={label}>
            {t("admin.settings.photo")}
          </label>
          <input
            id={ids.photo}
            value={profile.photoUrl}
            onChange={(e) => setProfile({ ...profile, photoUrl: e.target.value })}
            className={field}
          />
          <PrimaryButton type="submit" className="mt-6 px-4 py-2">
            {t("admin.settings.saveProfile")}
          </PrimaryButton>
        </form>
      </section>

      <section aria-labelledby="passkeys-title" className={card}>
        <h2 id="passkeys-title" className="text-xl font-bold text-ink">
          {t("admin.settings.passkeysTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.settings.passkeysHint")}</p>
        <ul aria-label={t("admin.settings.passkeysTitle")} className="mt-3 divide-y divide-slate-200">
          {passkeys.data?.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                {passkey.name} · {when(passkey.createdAt)}
              </span>
              <PlainButton
                className="px-3 py-1.5 text-sm"
                onClick={() => void act(() => api.removePasskey(passkey.id), t("admin.settings.passkeyRemoved"))}
              >
                {t("admin.settings.remove")}
              </PlainButton>
            </li>
          ))}
        </ul>
        <form onSubmit={onAddPasskey} className="mt-2">
          <label htmlFor={ids.passkeyName} className={label}>
            {t("admin.settings.passkeyName")}
          </label>
          <input
            id={ids.passkeyName}
            value={passkeyName}
            onChange={(e) => setPasskeyName(e.target.value)}
            className={field}
          />
          <PrimaryButton type="submit" className="mt-4 px-4 py-2">
            {t("admin.settings.addPasskey")}
          </PrimaryButton>
        </form>
      </section>

      <section aria-labelledby="password-title" className={card}>
        <h2 id="password-title" className="text-xl font-bold text-ink">
          {t("admin.settings.passwordTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.settings.passwordHint")}</p>
        <form onSubmit={onPassword}>
          {person.hasPassword ? (
            <>
              <label htmlFor={ids.current} className={label}>
                {t("admin.settings.currentPassword")}
              </label>
              <input
                id={ids.current}
                type="password"
                autoComplete="current-password"
                value={passwords.currentPassword}
                onChange={(e) => setPasswords({ ...passwords, currentPassword: e.target.value })}
                className={field}
              />
            </>
          ) : null}
          <label htmlFor={ids.password} className={label}>
            {t("admin.settings.newPassword")}
          </label>
          <input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            value={passwords.password}
            onChange={(e) => setPasswords({ ...passwords, password: e.target.value })}
            className={field}
          />
          <PrimaryButton type="submit" className="mt-6 px-4 py-2">
            {t("admin.settings.changePassword")}
          </PrimaryButton>
        </form>
      </section>

      <section aria-labelledby="sessions-title" className={card}>
        <h2 id="sessions-title" className="text-xl font-bold text-ink">
          {t("admin.settings.sessionsTitle")}
        </h2>
        <ul aria-label={t("admin.settings.sessionsTitle")} className="mt-3 divide-y divide-slate-200">
          {sessions.data?.sessions.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                {when(session.createdAt)} · {t(`admin.settings.methods.${session.method}`)} ·{" "}
                {session.userAgent.slice(0, 60)}
                {session.current ? <strong> · {t("admin.settings.thisSession")}</strong> : null}
              </span>
              {session.current ? null : (
                <PlainButton
                  className="px-3 py-1.5 text-sm"
                  onClick={() => void act(() => api.endSession(session.id), t("admin.settings.sessionEnded"))}
                >
                  {t("admin.settings.endSession")}
                </PlainButton>
              )}
            </li>
          ))}
        </ul>
        <PlainButton
          className="mt-4 px-4 py-2"
          onClick={() => void act(() => api.endOtherSessions(), t("admin.settings.sessionEnded"))}
        >
          {t("admin.settings.endOthers")}
        </PlainButton>
      </section>

      <section aria-labelledby="keys-title" className={card}>
        <h2 id="keys-title" className="text-xl font-bold text-ink">
          {t("admin.settings.keysTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.settings.keysHint")}</p>
        {newKey ? (
          <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t("admin.settings.keyShownOnce")} <code className="break-all font-mono">{newKey}</code>
          </p>
        ) : null}
        <ul aria-label={t("admin.settings.keysTitle")} className="mt-3 divide-y divide-slate-200">
          {keys.data?.apiKeys.map((key) => (
            <li key={key.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                {key.name} · <code>{key.prefix}…</code> · {when(key.createdAt)}
              </span>
              <PlainButton
                className="px-3 py-1.5 text-sm"
                onClick={() => void act(() => api.revokeApiKey(key.id), t("admin.settings.keyRevoked"))}
              >
                {t("admin.settings.revoke")}
              </PlainButton>
            </li>
          ))}
        </ul>
        <form onSubmit={onCreateKey} className="mt-2">
          <label htmlFor={ids.keyName} className={label}>
            {t("admin.settings.keyName")}
          </label>
          <input
            id={ids.keyName}
            required
            value={keyName}
            onChange={(e) => setKeyName(e.target.value)}
            className={field}
          />
          <PrimaryButton type="submit" className="mt-4 px-4 py-2">
            {t("admin.settings.createKey")}
          </PrimaryButton>
        </form>
      </section>
    </main>
  );
}
