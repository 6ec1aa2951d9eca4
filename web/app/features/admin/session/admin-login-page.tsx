import { useEffect, useState, type FormEvent, useId } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { SessionPerson } from "@codcrm/core/staff/staff";
import { loginState, returnPath } from "./return-path.ts";
import { loadSession, signedInAs, useAdminSession } from "../shared/session-store.ts";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { AccountField } from "../shared/components/account-field.tsx";

/** Seconds left until `until`, ticking every second; 0 when there is nothing to wait for. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** The form's submit code, asked for once: when the form is on screen, and awaited on submit. */
let submitCode: Promise<typeof import("./admin-login-submit.ts")> | undefined;
function loadSubmitCode() {
  return (submitCode ??= import("./admin-login-submit.ts").catch((error: unknown) => {
    submitCode = undefined;
    throw error;
  }));
}

const primaryClass =
  "mt-6 w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
const secondaryClass =
  "w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60";

/**
 * `/admin/login`: a passkey first (docs/decisions/0422-passkeys-and-mailed-codes.md), or the
 * person's address and password; on a browser not seen before, the six digits mailed to them.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useAdminSession();
  const ids = { error: useId() };
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [challenge, setChallenge] = useState<{ id: string; email: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(lockedUntil);
  const locked = secondsLeft > 0;
  const expired = loginState(location.state).expired === true;
  useEffect(() => {
    loadSubmitCode().catch(() => {}); // a failure is retried on submit, and reported there
    void loadSession();
  }, []);

  // Signed in already (another tab, or back from a page): nothing to do here. A successful
  // submit navigates itself, so this only applies before one.
  if (session.status === "signed-in" && !busy) return <Navigate to={returnPath(location.state)} replace />;

  async function done(person: SessionPerson) {
    signedInAs(person);
    await navigate(returnPath(location.state), { replace: true });
  }

  /** Runs one step of the sign-in with the submit code, showing its failure as the API says it. */
  async function step(run: (submit: Awaited<ReturnType<typeof loadSubmitCode>>) => Promise<void>) {
    if (busy || locked) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    let submit: Awaited<ReturnType<typeof loadSubmitCode>>;
    try {
      submit = await loadSubmitCode();
    } catch (caught) {
      console.error(caught);
      setBusy(false);
      setError(t("admin.login.failed"));
      return;
    }
    const { ApiError } = submit;
    try {
      await run(submit);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && caught.status === 401) {
        if (caught.code === "invalid_code") setError(t("admin.login.wrongCode"));
        else if (caught.code === "code_expired") {
          setChallenge(null);
          setCode("");
          setError(t("admin.login.codeExpired"));
        } else if (caught.code === "invalid_passkey") setError(t("admin.login.passkeyFailed"));
        else setError(t("admin.login.wrongPassword"));
      } else if (caught instanceof ApiError && caught.status === 403) setError(t("admin.login.suspended"));
      else if (caught instanceof ApiError && caught.status === 429) {
        setLockedUntil(Date.now() + (caught.retryAfter ?? 60) * 1000);
      } else if (caught instanceof ApiError && caught.status === 400)
        setError(t(`validation.${caught.fields[0]?.code ?? "invalid"}`));
      else if (caught instanceof Error && caught.name === "NotAllowedError")
        setError(t("admin.login.passkeyCancelled"));
      else {
        console.error(caught);
        setError(t("admin.login.failed"));
      }
    }
  }

  function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void step(async ({ loginSchema, fieldErrors, login }) => {
      const parsed = loginSchema.safeParse({ email, password });
      if (!parsed.success) {
        setBusy(false);
        setError(t(`validation.${fieldErrors(parsed.error)[0]?.code ?? "invalid"}`));
        return;
      }
      const answer = await login(parsed.data.email, parsed.data.password);
      if ("verification" in answer) {
        setBusy(false);
        setChallenge({ id: answer.challenge, email: answer.email });
        return;
      }
      await done(answer.person);
    });
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!challenge) return;
    void step(async ({ codeSchema, fieldErrors, sendCode }) => {
      const parsed = codeSchema.safeParse({ challenge: challenge.id, code });
      if (!parsed.success) {
        setBusy(false);
        setError(t(`validation.${fieldErrors(parsed.error)[0]?.code ?? "invalid"}`));
        return;
      }
      await done((await sendCode(challenge.id, parsed.data.code)).person);
    });
  }

  function onResend() {
    if (!challenge) return;
    void step(async ({ resendCode }) => {
      await resendCode(challenge.id);
      setBusy(false);
      setNotice(t("admin.login.codeResent"));
    });
  }

  function onPasskey() {
    void step(async ({ passkeyOptions, passkeySignIn, startAuthentication }) => {
      const { challenge: id, options } = await passkeyOptions();
      const response = await startAuthentication({ optionsJSON: options });
      await done((await passkeySignIn(id, response)).person);
    });
  }

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = secondsLeft % 60;
  const messages = (
    <>
      {error ? (
        <p id={ids.error} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {notice}
        </p>
      ) : null}
      {locked ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {minutes > 0
            ? t("admin.login.lockedMinutes", { minutes, seconds })
            : t("admin.login.lockedSeconds", { seconds })}
        </p>
      ) : null}
    </>
  );
  // The field the error is about (the code, or the password) names it.
  const errorNamed = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? ids.error : undefined };

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-16">
      <DocumentHead title={t("admin.login.pageTitle")} />
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold text-ink">{t("admin.login.title")}</h1>
        {expired ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t("admin.login.expired")}
          </p>
        ) : null}
        {challenge ? (
          <form onSubmit={onCode} noValidate>
            <p className="mt-2 text-sm text-slate-600">{t("admin.login.codeIntro", { email: challenge.email })}</p>
            <AccountField
              label={t("admin.login.code")}
              value={code}
              onChange={(value) => setCode(value)}
              control={{
                name: "code",
                inputMode: "numeric",
                autoComplete: "one-time-code",
                autoFocus: true,
                maxLength: 6,
                ...errorNamed,
              }}
            />
            {messages}
            <button type="submit" disabled={busy || locked} className={primaryClass}>
              {busy ? t("admin.login.submitting") : t("admin.login.codeSubmit")}
            </button>
            <button type="button" onClick={onResend} disabled={busy || locked} className={`mt-3 ${secondaryClass}`}>
              {t("admin.login.codeResend")}
            </button>
          </form>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">{t("admin.login.intro")}</p>
            <button type="button" onClick={onPasskey} disabled={busy || locked} className={`mt-6 ${secondaryClass}`}>
              {t("admin.login.passkey")}
            </button>
            <p className="mt-6 text-center text-xs font-semibold uppercase tracking-wide text-slate-500">
              {t("admin.login.or")}
            </p>
            <form onSubmit={onPassword} noValidate>
              <AccountField
                label={t("admin.login.email")}
                value={email}
                onChange={(value) => setEmail(value)}
                control={{ type: "email", name: "email", autoComplete: "username webauthn", required: true }}
              />
              <AccountField
                label={t("admin.login.password")}
                value={password}
                onChange={(value) => {
                  setPassword(value);
                  setError(null);
                }}
                control={{
                  type: "password",
                  name: "password",
                  autoComplete: "current-password",
                  required: true,
                  ...errorNamed,
                }}
              />
              {messages}
              <button type="submit" disabled={busy || locked} className={primaryClass}>
                {busy ? t("admin.login.submitting") : t("admin.login.submit")}
              </button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
