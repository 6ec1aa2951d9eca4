import { isIP } from "node:net";

/**
 * The hosts the local server answers, as Vite's `server.allowedHosts` does
 * (docs/decisions/0205-local-server-answers-its-own-hosts.md). A page on another site can make
 * its own name resolve to 127.0.0.1 (DNS rebinding) and then read this server's answers as
 * same-origin: the outbox lists readers' addresses and their confirmation links. A browser always
 * sends the name it resolved in `Host`, so answering only the names this server is known by closes
 * that door. IP addresses are always answered: a rebinding page cannot be served under one.
 */
export interface AllowedHosts {
  /** Whether a request whose `Host` header is `host` (name and optional port) is answered. */
  allows(host: string | undefined): boolean;
}

/** A name, or `.example.com` for that name and every name under it. */
const ENTRY = /^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The entries of `ALLOWED_HOSTS` (comma-separated), checked: a malformed one stops the server at
 * start with a message that names the setting, as every other setting does.
 */
export function parseAllowedHostsSetting(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.find((entry) => !ENTRY.test(entry));
  if (bad !== undefined) {
    throw new Error(
      `Invalid setting: ALLOWED_HOSTS has ${JSON.stringify(bad)}; give host names separated by commas (".example.com" for a name and its subdomains).`,
    );
  }
  return entries;
}

/** The name part of a `Host` header, without port or IPv6 brackets, lowercased. */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) return trimmed.slice(1, trimmed.indexOf("]") === -1 ? undefined : trimmed.indexOf("]"));
  const colon = trimmed.lastIndexOf(":");
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

/**
 * `localhost` and its subdomains, every IP address, the host of the site's own URL (`SITE_URL`)
 * and the `ALLOWED_HOSTS` entries. A request without `Host` (HTTP/1.0 from a script) is answered:
 * no browser sends one without it.
 */
export function allowedHosts(options: { siteUrl: string; extra?: readonly string[] }): AllowedHosts {
  const exact = new Set<string>(["localhost", new URL(options.siteUrl).hostname.toLowerCase()]);
  const suffixes = [".localhost"];
  for (const entry of options.extra ?? []) {
    if (entry.startsWith(".")) {
      suffixes.push(entry);
      exact.add(entry.slice(1));
    } else exact.add(entry);
  }
  return {
    allows(host) {
      if (host === undefined || host === "") return true;
      const name = hostName(host);
      if (isIP(name) !== 0) return true;
      return exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix));
    },
  };
}
