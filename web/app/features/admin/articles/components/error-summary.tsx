import { createContext, useContext, useLayoutEffect, useRef, type MouseEvent, useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The editor's form id, so that a field's control has an id known to the error summary
 * (`fieldControlId`) without each panel passing ids around (docs/decisions/0153-editor-error-summary.md).
 */
export const FieldIdsContext = createContext<string | null>(null);

/** The id of the control of the field `name` in the form `formId`: where the summary's link goes. */
export function fieldControlId(formId: string, name: string): string {
  return `${formId}-field-${name}`;
}

/** The id a `FormField` gives its control: the form's id for a named field, else one of its own. */
export function useControlId(name: string | undefined): string {
  const own = useId();
  const formId = useContext(FieldIdsContext);
  return name && formId ? fieldControlId(formId, name) : own;
}

type Translate = ReturnType<typeof useTranslation>["t"];

/**
 * What a field's problem says, under the field and in the summary alike: the validation code's
 * message, except where a field says more than "not valid" (a schedule, a canonical address).
 */
export function fieldErrorMessage(t: Translate, name: string | undefined, code: string): string {
  if (name === "publishAt" && (code === "past" || code === "invalid")) return t(`admin.editor.schedule.${code}`);
  // A path or a bare domain is refused too: say what is wanted, not only that it is wrong.
  if (name === "canonicalUrl" && code === "invalid_url") return t("admin.editor.seo.canonicalUrlInvalid");
  return t(`validation.${code}`);
}

export interface SummaryProblem {
  /** The field's name, as in `fieldControlId`. */
  name: string;
  /** The field's label, as the form shows it. */
  label: string;
  /** What is wrong, as the field says it under its control. */
  message: string;
}

/**
 * A failed save's list of problems at the top of the form, each a link that moves focus to its
 * field (the GOV.UK error-summary pattern). It takes focus whenever `attempt` changes (each
 * failed save), so a keyboard or screen-reader user hears what failed and reaches the first
 * field in one step.
 */
export function ErrorSummary({
  formId,
  problems,
  attempt,
}: {
  formId: string;
  problems: readonly SummaryProblem[];
  attempt: number;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const shown = problems.length > 0;
  useLayoutEffect(() => {
    if (attempt > 0) ref.current?.focus();
    // Each failed save, not each change of the list.
  }, [attempt]);
  if (!shown) return null;

  function goTo(event: MouseEvent<HTMLAnchorElement>, name: string) {
    const control = document.getElementById(fieldControlId(formId, name));
    if (!control) return;
    event.preventDefault();
    // Centred, so that its label above it shows too (GOV.UK's summary keeps the label in view).
    control.scrollIntoView?.({ block: "center" });
    control.focus({ preventScroll: true });
  }

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={headingId}
      data-testid="error-summary"
      className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-900 focus:outline-3 focus:outline-offset-2 focus:outline-red-700"
    >
      <h3 id={headingId} className="font-semibold">
        {t("admin.editor.errorSummary.title")}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem.name}>
            <a
              href={`#${fieldControlId(formId, problem.name)}`}
              onClick={(event) => goTo(event, problem.name)}
              className="font-medium text-red-800 underline hover:text-red-950"
            >
              {t("admin.editor.errorSummary.item", { label: problem.label, message: problem.message })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
