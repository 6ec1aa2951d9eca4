/**
 * Staff roles and what each may do (docs/decisions/0420-staff-roles-and-permissions.md). A
 * permission is a word the route table names per admin route; the server checks it before the
 * handler runs, and a handler checks the finer rules (an article of someone else, a publish)
 * with `can`. The web app reads the same table to hide what a person may not do: hiding is a
 * courtesy, the server's refusal is the rule.
 */
export const ROLES = ["owner", "administrator", "editor", "author", "contributor"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** Anyone signed in: their own profile, sessions, passkeys, API keys, sign-out. */
  "session",
  /** The admin's article list, an article, its revisions and history. */
  "articles:read",
  /** Create articles and edit their own (drafts; a publish also needs `articles:publish`). */
  "articles:write",
  /** Publish, schedule or unpublish their own articles. */
  "articles:publish",
  /** Edit, publish and delete anybody's articles. */
  "articles:others",
  /** Send an article to its language's subscribers. */
  "articles:send",
  /** Upload images. */
  "media:upload",
  /** Read contact and trial requests. */
  "leads:read",
  /** Act on a request (send its delivery again, to the team or to the CRM). */
  "leads:write",
  /** The analytics dashboard: views, sources, Web Vitals. */
  "analytics:read",
  /** The subscribers view and its CSV. */
  "subscribers:read",
  /** A person's data: export and erasure (RGPD). */
  "personal-data",
  /** Invite, change roles, suspend and remove staff. */
  "staff:manage",
  /** The audit trail of everyone. */
  "audit:read",
  /** Hand the ownership over. */
  "ownership",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CONTRIBUTOR: readonly Permission[] = ["session", "articles:read", "articles:write", "media:upload"];
const AUTHOR: readonly Permission[] = [...CONTRIBUTOR, "articles:publish"];
const EDITOR: readonly Permission[] = [
  ...AUTHOR,
  "articles:others",
  "articles:send",
  "leads:read",
  "leads:write",
  "analytics:read",
];
const ADMINISTRATOR: readonly Permission[] = [
  ...EDITOR,
  "subscribers:read",
  "personal-data",
  "staff:manage",
  "audit:read",
];
const OWNER: readonly Permission[] = [...ADMINISTRATOR, "ownership"];

export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(OWNER),
  administrator: new Set(ADMINISTRATOR),
  editor: new Set(EDITOR),
  author: new Set(AUTHOR),
  contributor: new Set(CONTRIBUTOR),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Roles an invitation or a change of role may give: the owner is made only by handing ownership over. */
export const ASSIGNABLE_ROLES = ["administrator", "editor", "author", "contributor"] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
