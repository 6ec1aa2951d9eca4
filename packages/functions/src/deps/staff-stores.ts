import { store, windowCounter, type Makers } from "./made.ts";

const loginWindow = async () => (await import("@codcrm/core/auth/login-limits")).LOGIN_WINDOW_MS;

/**
 * The staff, their sessions and sign-ins, and the audit trail. Every function makes them: the
 * API's own check of a signed-in request reads the session and the person, and a state-changing
 * route writes its audit entry (`http/api-gateway.ts`).
 */
export const STAFF_STORES = {
  staff: store(async () => (await import("@codcrm/core/db/staff-repository")).StaffRepository),
  sessions: store(async () => (await import("@codcrm/core/db/session-repository")).SessionRepository),
  challenges: store(async () => (await import("@codcrm/core/db/sign-in-challenges")).SignInChallenges),
  passkeys: store(async () => (await import("@codcrm/core/db/passkey-repository")).PasskeyRepository),
  audit: store(async () => (await import("@codcrm/core/db/audit-repository")).AuditRepository),
  loginFailures: windowCounter("login", loginWindow),
  loginChecks: windowCounter("login-site", loginWindow),
  codeMails: windowCounter("code-mail", loginWindow),
  passwordGate: async () => {
    const { PasswordGate } = await import("@codcrm/core/auth/password-gate");
    const { PASSWORD_CHECKS_IN_FLIGHT } = await import("@codcrm/core/auth/login-limits");
    return new PasswordGate(PASSWORD_CHECKS_IN_FLIGHT);
  },
  loginGate: async () => {
    const { LoginGate } = await import("@codcrm/core/auth/login-gate");
    const { LOGIN_ATTEMPTS_IN_FLIGHT } = await import("@codcrm/core/auth/login-limits");
    return new LoginGate(LOGIN_ATTEMPTS_IN_FLIGHT);
  },
  loginLocks: async () => new (await import("@codcrm/core/auth/login-locks")).LoginLocks(),
} satisfies Makers;
