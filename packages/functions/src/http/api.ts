import type { SignedInPerson } from "@codcrm/core/staff/staff";
import { CACHE_CONTROL } from "@codcrm/core/web/cache-control";
import type { Deps } from "../deps.ts";

/** A request as a handler sees it, whichever runtime received it. */
export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** Parsed JSON, or undefined when there was no body. */
  body: unknown;
  sourceIp: string;
  /**
   * Who is signed in, on every route whose entry names a permission (set before the handler
   * runs, once the permission was checked): the one place a handler learns who asks
   * (docs/decisions/0420-staff-roles-and-permissions.md). Read it with `signedIn(request)`.
   */
  person?: SignedInPerson;
}

export interface ApiResponse {
  status: number;
  /** Serialized as JSON. */
  body?: unknown;
  /** Sent as is (HTML, XML); set its content-type in `headers`. Wins over `body`. */
  text?: string;
  /** Sent as these bytes (an image); set its content-type in `headers`. Wins over `text` and `body`. */
  bytes?: Buffer;
  headers?: Record<string, string>;
  /** `Set-Cookie` values (payload 2.0 carries them apart from the headers). */
  cookies?: string[];
  /**
   * What the audit trail keeps of a state-changing admin call that succeeded: by default the
   * route's name on the item its path names; a handler adds what it changed (a short before and
   * after), names another item, folds repeated saves (`coalesce`), or says `false` when it kept
   * its own entries (docs/decisions/0424-audit-trail.md).
   */
  audit?: AuditNote | false;
}

export interface AuditNote {
  kind?: string;
  item?: string;
  summary?: string;
  before?: unknown;
  after?: unknown;
  coalesce?: boolean;
  /** The person, on a public route that signs one in (the login, an invitation accepted). */
  by?: Pick<SignedInPerson, "id" | "name">;
}

/** The signed-in person of a route that requires one (its entry names a permission). */
export function signedIn(request: ApiRequest): SignedInPerson {
  if (!request.person) throw new Error("No signed-in person: this route's entry names no permission.");
  return request.person;
}

export type RouteHandler = (request: ApiRequest, deps: Deps) => Promise<ApiResponse>;

/** Validates with a shared zod schema; a failure answers 400 naming each bad field (core's, for every handler). */
export { parseWith } from "@codcrm/core/parse";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, body, headers };
}

/** A JSON answer with what the audit trail keeps of it. */
export function audited(status: number, body: unknown, audit: AuditNote | false): ApiResponse {
  return { status, body, audit };
}

/** Public reads: browsers revalidate, CloudFront keeps them until an article write invalidates them (or a minute). */
export const SHORT_PUBLIC_CACHE = { "cache-control": CACHE_CONTROL.publishedContent };
