import * as z from "zod";
import { isPasswordHash } from "../auth/password.ts";

/**
 * Every server-side setting, read and validated once at start. A missing or malformed
 * value stops the process with a message naming it. None of these reaches the browser.
 */
const serverConfigSchema = z.object({
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().min(1).default("eu-west-1"),
  /** The embedded store's URL locally; unset on AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters"),
  ADMIN_PASSWORD_HASH: z.string().refine(isPasswordHash, "must be a hash printed by `npm run hash-password`"),
  /** Shown in the admin welcome line; may be blank. */
  ADMIN_NAME: z.string().default(""),
  /** Public origin, for absolute URLs (canonical, Open Graph, sitemap, feeds). */
  SITE_URL: z.url().default("http://localhost:3000").transform((url) => url.replace(/\/+$/, "")),
});

export type ServerConfig = z.output<typeof serverConfigSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseServerConfig(source: Record<string, string | undefined>): ServerConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = serverConfigSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    return issue.code === "invalid_type" && cleaned[name] === undefined ? `${name} is not set` : `${name} ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
}
