import { createContext, createElement, useContext, useState, type ReactNode } from "react";

/**
 * Ids for `id`/`htmlFor`/`aria-*` pairs that are the same in the prerendered HTML and in the
 * browser, whatever parts of a page the browser renders late or never
 * (docs/decisions/0140-preact-on-every-page.md).
 *
 * Preact's own `useId` counts calls in render order, so a part the browser does not render
 * while hydrating (a `<Prerendered>` part, a section hydrated later) shifts every id after it,
 * and an element mounted later (a dialog) can get an id the HTML already gave to another.
 * Here each such part draws its ids from a scope of its own, named by an id of the scope
 * around it: what it renders, whenever it renders, has the ids the build gave it, and the
 * page around it does not depend on it.
 */
class IdScope {
  #next = 0;
  constructor(readonly prefix: string) {}

  next(): string {
    return `${this.prefix}${this.#next++}`;
  }
}

const IdScopeContext = createContext<IdScope | null>(null);

/** A scope of ids for what it wraps: one per document at the top (the entries), one per independent part below. */
export function IdScopeProvider({ prefix, children }: { prefix: string; children: ReactNode }) {
  const [scope] = useState(() => new IdScope(prefix));
  return createElement(IdScopeContext, { value: scope }, children);
}

/** An id unique in the document, stable between the prerendered HTML and the browser. */
export function useId(): string {
  const scope = useContext(IdScopeContext);
  if (!scope) throw new Error("useId() needs an <IdScopeProvider> above it.");
  const [id] = useState(() => scope.next());
  return id;
}

/**
 * The prefix of the scope for a part that may render later than the page around it, or only
 * in the HTML. Call it whether or not the part renders now (it takes an id of the scope
 * around it), and wrap the part in `<IdScopeProvider prefix={…}>` when it does.
 */
export function useIdScope(): string {
  return `${useId()}-`;
}
