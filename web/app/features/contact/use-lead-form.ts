import { useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type * as z from "zod/mini";
import type { ValidationCode } from "@codcrm/core/validation";
import { visitSource } from "../../lib/visit-source.ts";

/** Where a form stands: `sent` and `failed` stay until the next attempt. */
export type LeadFormStatus = "idle" | "sending" | "sent" | "failed";

export type FormValues = Record<string, string | boolean>;

/** Per field, the validation code to show under it (its text is `validation.<code>`). */
export type FieldCodes<V extends FormValues> = Partial<Record<keyof V & string, ValidationCode>>;

export interface LeadFormOptions<V extends FormValues> {
  /**
   * Loads the schema the API validates the body with (`lead-schemas.ts`). Loaded when the
   * visitor starts filling the form, not with the page: zod is a quarter of a page's script.
   */
  loadSchema: () => Promise<z.ZodMiniType>;
  endpoint: string;
  /** What the fields hold on first render and after a successful send. */
  initialValues: V;
  /** Body members that are not fields (kind, language). */
  extra: Record<string, unknown>;
  /** Names the form in the console when a send fails. */
  logLabel: string;
}

/** The schema and the code that checks and posts with it, loaded together on first use. */
interface Checker {
  schema: z.ZodMiniType;
  submission: typeof import("./lead-submission.ts");
}

/**
 * The state and submission of the contact, trial and newsletter forms. The browser's own
 * checks (required, type=email) run first; then the shared zod schema, so the form refuses
 * exactly what the API would; then the post. Field problems are kept as validation codes and
 * shown in the visitor's language.
 */
export function useLeadForm<V extends FormValues>({
  loadSchema,
  endpoint,
  initialValues,
  extra,
  logLabel,
}: LeadFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldCodes<V>>({});
  const [status, setStatus] = useState<LeadFormStatus>("idle");
  /**
   * After a refusal for too many posts (429): the seconds to wait (`Retry-After`), or `null`
   * when the answer did not say; `undefined` otherwise. The form says when to try again
   * instead of "try again" (which fails until the window ends).
   */
  const [retryAfter, setRetryAfter] = useState<number | null | undefined>(undefined);
  const sending = useRef(false);
  const checker = useRef<Checker | undefined>(undefined);
  const loading = useRef<Promise<Checker> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  // What a visitor typed or ticked before the form was hydrated (the page's HTML works before
  // the app does, and parts of a page hydrate late: docs/decisions/0203-hydration-in-parts-by-react.md)
  // is the form's, not the empty values it would otherwise render over it.
  useLayoutEffect(() => {
    const typed = formValues(formRef.current, initialValues);
    if (typed) setValues((current) => ({ ...current, ...typed }));
    // Once, as the form is hydrated or mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** One load at a time, so what waits for it is answered in the order it asked. */
  const ensureChecker = (): Promise<Checker> => {
    if (checker.current) return Promise.resolve(checker.current);
    loading.current ??= Promise.all([loadSchema(), import("./lead-submission.ts")]).then(
      ([schema, submission]) => (checker.current = { schema, submission }),
      (error: unknown) => {
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  };
  /** Starts loading the schema as soon as the visitor is in the form (focus). */
  const preload = () => void ensureChecker().catch(() => {});

  const codesFor = (current: V): FieldCodes<V> =>
    checker.current
      ? (checker.current.submission.schemaCodes(
          checker.current.schema,
          { ...extra, ...current },
          Object.keys(current),
        ) as FieldCodes<V>)
      : {};

  function setValue<K extends keyof V & string>(name: K, value: V[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  /**
   * The browser refused a field (the `invalid` event, before submit): show why under it,
   * in the schema's words when it has some, else from the browser's verdict. The schema loads
   * on the form's first focus and may not be there yet (a slow connection, a quick click):
   * then the browser's verdict shows at once and the schema's words replace it when it
   * arrives, so what a field says never depends on that timing ("required" for an unticked
   * privacy box that the schema says must be accepted).
   */
  function onInvalid(name: keyof V & string, validity: ValidityState) {
    const shown: ValidationCode =
      codesFor(values)[name] ??
      (validity.valueMissing
        ? "required"
        : validity.typeMismatch
          ? "invalid_email"
          : validity.tooLong
            ? "too_long"
            : "invalid");
    setErrors((current) => ({ ...current, [name]: shown }));
    if (checker.current) return;
    const refused = values;
    ensureChecker().then(
      () => {
        const refined = codesFor(refused)[name];
        if (!refined || refined === shown) return;
        // Unless the visitor has changed the field since (which clears its error).
        setErrors((current) => (current[name] === shown ? { ...current, [name]: refined } : current));
      },
      () => {},
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    sending.current = true;
    let parsed: ReturnType<z.ZodMiniType["safeParse"]>;
    let submission: Checker["submission"];
    try {
      const loaded = await ensureChecker();
      submission = loaded.submission;
      // With what brought the visitor, as the tab's session kept it (lib/visit-source.ts).
      parsed = loaded.schema.safeParse({ ...extra, ...values, source: visitSource() });
    } catch (error) {
      sending.current = false;
      setRetryAfter(undefined);
      setStatus("failed");
      console.error(`${logLabel}: the form could not be checked`, error);
      return;
    }
    if (!parsed.success) {
      sending.current = false;
      const codes = codesFor(values);
      setErrors(codes);
      setStatus("idle");
      focusFirst(form, Object.keys(codes));
      return;
    }
    setStatus("sending");
    setErrors({});
    setRetryAfter(undefined);
    try {
      await submission.postLead(endpoint, parsed.data);
      setValues(initialValues);
      setStatus("sent");
    } catch (error) {
      const codes = submission.answerCodes(error, Object.keys(values)) as FieldCodes<V>;
      setErrors(codes);
      setRetryAfter(submission.retryDelay(error));
      setStatus("failed");
      focusFirst(form, Object.keys(codes));
      console.error(`${logLabel}: the request was not accepted`, error);
    } finally {
      sending.current = false;
    }
  }

  return { values, setValue, errors, status, retryAfter, onInvalid, onSubmit, preload, formRef };
}

/** The form's fields whose value differs from `initial` (typed before hydration), if any. */
function formValues<V extends FormValues>(form: HTMLFormElement | null, initial: V): Partial<V> | undefined {
  if (!form) return undefined;
  const typed: Partial<Record<string, string | boolean>> = {};
  for (const [name, value] of Object.entries(initial)) {
    const field = form.elements.namedItem(name);
    if (!(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ))
      continue;
    const current = field instanceof HTMLInputElement && field.type === "checkbox" ? field.checked : field.value;
    if (current !== value) typed[name] = current;
  }
  return Object.keys(typed).length ? (typed as Partial<V>) : undefined;
}

function focusFirst(form: HTMLFormElement, names: string[]) {
  const first = [...form.elements].find(
    (element) => element instanceof HTMLElement && names.includes(element.getAttribute("name") ?? ""),
  );
  if (first instanceof HTMLElement) first.focus();
}
