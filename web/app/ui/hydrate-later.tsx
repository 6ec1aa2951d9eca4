import {
  createContext,
  Suspense,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { IdScopeProvider, useIdScope } from "../lib/id-scope.ts";
import { nextTask } from "../lib/next-task.ts";
import { useWritingHtml } from "../seo/document-head.tsx";

const noSubscription = () => () => {};

/** How far below the screen a part starts hydrating as the visitor scrolls towards it. */
const NEAR = "50% 0px";
/** How long a part waits for an idle moment before it hydrates anyway (ms). */
const IDLE_TIMEOUT = 4000;

/**
 * When a part that the page came with in its HTML may hydrate: a promise the part suspends on
 * while the page hydrates, settled by `watch` once the part is near the screen, the browser is
 * idle, or the visitor reaches into it.
 */
class Gate {
  open = false;
  readonly promise: Promise<void>;
  #release!: () => void;

  constructor() {
    this.promise = new Promise<void>((resolve) => (this.#release = resolve));
  }

  release = () => {
    if (this.open) return;
    this.open = true;
    this.#release();
  };

  /** Starts watching the part's element; returns what stops watching. */
  watch(element: HTMLElement, when: "near" | "soon"): () => void {
    // The visitor is already in it (focused before the app started): now.
    if (element.contains(document.activeElement)) {
      this.release();
      return () => {};
    }
    // Reaching into it hydrates it before the event's default and its next events: a pointer
    // down comes before the click, a focus before the keys. Also for a part due in the next
    // task (the header, whose menu button may be pressed just as the app starts: the start
    // script replays only a click that came before the frame had hydrated).
    const events = ["pointerdown", "focusin", "keydown"] as const;
    for (const type of events) element.addEventListener(type, this.release, { capture: true, once: true });
    const stopReaching = () => {
      for (const type of events) element.removeEventListener(type, this.release, { capture: true });
    };
    // The page's own part and the header: in the next task, after the frame's hydration has let
    // the browser paint.
    if (when === "soon") {
      const timer = window.setTimeout(this.release, 0);
      return () => {
        window.clearTimeout(timer);
        stopReaching();
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.release();
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(this.release, { timeout: IDLE_TIMEOUT })
      : window.setTimeout(this.release, IDLE_TIMEOUT);
    return () => {
      observer.disconnect();
      stopReaching();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }
}

/**
 * While the document still shows a copy of the page that the app is replacing (a blog page the
 * server wrote, features/blog/server-page.ts), the app builds its own out of sight, below it:
 * this gives a part the means to keep that copy on screen until the part is built (it returns
 * the release). `null` when there is no such copy (docs/decisions/0173-blog-list-takes-over-in-steps.md).
 */
export const CopyOnScreen = createContext<(() => () => void) | null>(null);

/** Runs `onBuilt` once its children are in the DOM: a child's layout effects run before its parent's. */
function Built({ onBuilt, children }: { onBuilt: () => void; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the children are first in
  useLayoutEffect(() => onBuilt(), []);
  return children;
}

/** Throws the gate's promise while it is shut: the part keeps its HTML until then. */
function Shut({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (!gate.open) throw gate.promise;
  return children;
}

/** The build writes a part's HTML as having waited once, so the browser finds it whole (see below). */
function WaitedOnce({ waited, children }: { waited: { done: boolean }; children: ReactNode }) {
  if (!waited.done) {
    waited.done = true;
    throw Promise.resolve();
  }
  return children;
}

/**
 * A part of a page that hydrates after the rest, in a task of its own: when it comes near the
 * screen, when the browser is idle, or when the visitor reaches into it (a pointer, a focus, a
 * key), whichever comes first; or, `when="soon"`, in the next task, so that no one task
 * hydrates a whole page (docs/decisions/0142-hydration-in-parts.md). Until then it keeps
 * the HTML it came with: what is on screen does not change, and the buttons and fields in it do
 * what the HTML alone does (links work, nothing else). A visitor who typed into one of its fields
 * keeps the text and the focus: hydration adopts the elements as they are.
 *
 * Rendered in the browser (after a navigation), it is its children in a `<div>`. Rendered in the
 * browser while the server's copy of the page is still on screen (`CopyOnScreen`), it renders
 * them in the next task, keeping the copy until they are in: the app's first render of a
 * server-written page is the frame, then each part in a task of its own.
 *
 * How: while hydrating, a component that suspends keeps its server-rendered DOM, the range
 * between the `$s` markers the build writes around a part that suspended while being rendered;
 * so the part suspends once in the build too, and in the browser until its gate opens.
 */
export function HydrateLater({
  when = "near",
  className,
  children,
}: {
  /** "near": as it comes near the screen (or when idle, or reached into); "soon": in the next task. */
  when?: "near" | "soon";
  className?: string;
  children: ReactNode;
}) {
  const fromHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const writingHtml = useWritingHtml();
  const holdCopy = useContext(CopyOnScreen);
  // Ids of its own: it renders later than the page around it (../lib/id-scope.ts).
  const ids = useIdScope();
  const inBrowser = !writingHtml && typeof window !== "undefined";
  // Built under the server's copy: nothing to hydrate, the part comes in the next task.
  const [underCopy] = useState(() => (inBrowser && !fromHtml ? holdCopy : null));
  const [gate] = useState(() => (inBrowser && (fromHtml || underCopy) ? new Gate() : null));
  const [waited] = useState(() => ({ done: false }));
  const element = useRef<HTMLDivElement>(null);
  const held = useRef<(() => void) | undefined>(undefined);

  useLayoutEffect(() => {
    if (!gate || gate.open) return;
    if (underCopy) {
      held.current = underCopy();
      let live = true;
      void nextTask().then(() => live && gate.release());
      return () => {
        live = false;
        held.current?.();
      };
    }
    if (element.current) return gate.watch(element.current, when);
  }, [gate, when, underCopy]);

  const built = () => {
    held.current?.();
    held.current = undefined;
  };
  const part = (
    <IdScopeProvider prefix={ids}>{underCopy ? <Built onBuilt={built}>{children}</Built> : children}</IdScopeProvider>
  );
  return (
    <div ref={element} className={className}>
      <Suspense fallback={null}>
        {writingHtml ? <WaitedOnce waited={waited}>{part}</WaitedOnce> : gate ? <Shut gate={gate}>{part}</Shut> : part}
      </Suspense>
    </div>
  );
}
