import { useEffect, useState, type FormEvent, useId } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { loginState, returnPath } from "./return-path.ts";
import { saveSession, useAdminSession } from "./admin-session.ts";
import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../../seo/document-head.tsx";

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

/** `/admin/login`: one password field, checked by the server. */
export default function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useAdminSession();
  const passwordId = useId();
  const errorId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(lockedUntil);
  const locked = secondsLeft > 0;
  const expired = loginState(location.state).expired === true;
  useEffect(() => {
    loadSubmitCode().catch(() => {}); // a failure is retried on submit, and reported there
  }, []);

  // Signed in already (another tab, or back from a page): nothing to do here. A successful
  // submit navigates itself, so this only applies before one.
  if (session && !busy) return <Navigate to={returnPath(location.state)} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || locked) return;
    setBusy(true);
    let submit: Awaited<ReturnType<typeof loadSubmitCode>>;
    try {
      submit = await loadSubmitCode();
    } catch (caught) {
      console.error(caught);
      setBusy(false);
      setError(t("admin.login.failed"));
      return;
    }
    const { ApiError, fieldErrors, login, loginSchema } = submit;
    const parsed = loginSchema.safeParse({ password });
    if (!parsed.success) {
      setBusy(false);
      setError(t(`validation.${fieldErrors(parsed.error)[0]?.code ?? "invalid"}`));
      return;
    }
    setError(null);
    try {
      const answer = await login(parsed.data.password);
      saveSession({ token: answer.token, expiresAt: answer.expiresAt, name: answer.name });
      await navigate(returnPath(location.state), { replace: true });
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && caught.status === 401) setError(t("admin.login.wrongPassword"));
      else if (caught instanceof ApiError && caught.status === 429) {
        setError(null);
        setLockedUntil(Date.now() + (caught.retryAfter ?? 60) * 1000);
      } else if (caught instanceof ApiError && caught.status === 400)
        setError(t(`validation.${caught.fields[0]?.code ?? "invalid"}`));
      else {
        console.error(caught);
        setError(t("admin.login.failed"));
      }
    }
  }

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = secondsLeft % 60;

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-16">
      <DocumentHead title={t("admin.login.pageTitle")} />
      <form onSubmit={onSubmit} noValidate className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold text-ink">{t("admin.login.title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("admin.login.intro")}</p>
        {expired ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t("admin.login.expired")}
          </p>
        ) : null}
        <label htmlFor={passwordId} className="mt-6 block text-sm font-semibold text-slate-800">
          {t("admin.login.password")}
        </label>
        <input
          id={passwordId}
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        {locked ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {minutes > 0
              ? t("admin.login.lockedMinutes", { minutes, seconds })
              : t("admin.login.lockedSeconds", { seconds })}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy || locked}
          className="mt-6 w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? t("admin.login.submitting") : t("admin.login.submit")}
        </button>
      </form>
    </main>
  );
}
