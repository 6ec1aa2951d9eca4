/**
 * A personal API key of a local server's owner, made as a person makes one: the address and
 * password, the code mailed to a new device (read from the server's local outbox page), the
 * session, then the key (docs/decisions/0421-cookie-sessions-and-csrf.md). The bench's calls
 * then sign in as a script does.
 */
export const BENCH_OWNER_EMAIL = "admin@codcrm.local";

export async function ownerApiKey(base: string, password: string, email = BENCH_OWNER_EMAIL): Promise<string> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(new URL(path, base), {
      method: "POST",
      headers: { "content-type": "application/json", "x-codcrm-csrf": "1", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  let answer = await post("/api/auth/login", { email, password });
  if (answer.status === 202) {
    const { challenge } = (await answer.json()) as { challenge: string };
    const device = cookieOf(answer);
    const outbox = await (await fetch(new URL("/_outbox", base))).text();
    const row = outbox.split("<tr").find((part) => part.includes(email) && /\b\d{6}\b/.test(part));
    const code = row ? /\b(\d{6})\b/.exec(row)?.[1] : undefined;
    if (!code) throw new Error(`No sign-in code for ${email} in ${base}/_outbox`);
    answer = await post("/api/auth/code", { challenge, code }, device);
  }
  if (answer.status !== 200) throw new Error(`Signing in to ${base}: ${answer.status} ${await answer.text()}`);
  const made = await post("/api/admin/me/api-keys", { name: "Bench" }, cookieOf(answer));
  if (made.status !== 201) throw new Error(`An API key on ${base}: ${made.status} ${await made.text()}`);
  return ((await made.json()) as { key: string }).key;
}
