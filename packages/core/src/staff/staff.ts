import type { Language } from "../site/languages.ts";
import type { Permission, Role } from "./roles.ts";
import { ROLE_PERMISSIONS } from "./roles.ts";

/** A person of the staff, as stored (docs/decisions/0420-staff-roles-and-permissions.md). */
export interface StaffMember {
  id: string;
  /** Lower-cased; one account per address. */
  email: string;
  name: string;
  /** The stored role; the owner is whoever the owner item names (see `StaffRepository.ownerId`). */
  role: Role;
  state: StaffState;
  /** scrypt (`scrypt$N$r$p$salt$hash`); absent for a person who signs in with passkeys only. */
  passwordHash?: string;
  /** The admin's language for this person (Spanish by default). */
  language: Language;
  /** Their author page's address segment: `/{lang}/blog/autor/{slug}`. */
  slug: string;
  /** The line under their name on their author page ("Editora de contenidos"). */
  roleLine?: string;
  bio?: string;
  /** An https URL or a /media/ path. */
  photoUrl?: string;
  createdAt: string;
  updatedAt: string;
  /** Bumped by a change of password or role, a suspension: sessions made before it stop working. */
  credentialsChangedAt?: string;
}

export type StaffState = "active" | "suspended" | "removed";

/** Who made a request, as every admin handler sees it (`request.person`). */
export interface SignedInPerson {
  id: string;
  name: string;
  email: string;
  role: Role;
  language: Language;
  /** How the request proved it: a browser's session cookie, or a script's API key. */
  via: "session" | "api-key";
  /** The session's id (its hash) when `via` is "session": for ending the others. */
  sessionId?: string;
}

export function personCan(person: Pick<SignedInPerson, "role">, permission: Permission): boolean {
  return ROLE_PERMISSIONS[person.role].has(permission);
}

/** What the admin shows of a person (never a hash). */
export interface StaffView extends Pick<
  StaffMember,
  "id" | "email" | "name" | "role" | "state" | "language" | "slug" | "roleLine" | "bio" | "photoUrl" | "createdAt"
> {
  hasPassword: boolean;
}

export function staffView(member: StaffMember): StaffView {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    state: member.state,
    language: member.language,
    slug: member.slug,
    ...(member.roleLine ? { roleLine: member.roleLine } : {}),
    ...(member.bio ? { bio: member.bio } : {}),
    ...(member.photoUrl ? { photoUrl: member.photoUrl } : {}),
    createdAt: member.createdAt,
    hasPassword: Boolean(member.passwordHash),
  };
}

/** The signed-in person as the admin reads them (`GET /api/auth/session`): their account, role and what it may. */
export interface SessionPerson extends StaffView {
  permissions: Permission[];
}

/** What visitors see of an author: on their page, beside their articles, in feeds and JSON-LD. */
export interface PublicAuthor {
  slug: string;
  name: string;
  roleLine?: string;
  bio?: string;
  photoUrl?: string;
}

export function publicAuthor(member: StaffMember): PublicAuthor {
  return {
    slug: member.slug,
    name: member.name,
    ...(member.roleLine ? { roleLine: member.roleLine } : {}),
    ...(member.bio ? { bio: member.bio } : {}),
    ...(member.photoUrl ? { photoUrl: member.photoUrl } : {}),
  };
}

/** The fixed id of the owner a store of before staff accounts starts with (its password is ADMIN_PASSWORD_HASH). */
export const FIRST_OWNER_ID = "owner";
