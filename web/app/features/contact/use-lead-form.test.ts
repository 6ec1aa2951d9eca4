// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { trialRequestSchema } from "@codcrm/core/lead/lead-schemas";
import { useLeadForm } from "./use-lead-form.ts";

/** The trial form's hook, with its schema held back until `arrive` is called (a slow connection). */
function renderTrialForm({ phone = "" }: { phone?: string } = {}) {
  let arrive!: () => void;
  const schema = new Promise<z.ZodMiniType>((resolve) => (arrive = () => resolve(trialRequestSchema)));
  const view = renderHook(() =>
    useLeadForm({
      loadSchema: () => schema,
      endpoint: "/api/contact",
      initialValues: {
        name: "Luis",
        email: "luis@example.com",
        company: "",
        phone,
        message: "Hola",
        privacyAccepted: false as boolean,
      },
      extra: { kind: "trial", language: "es" },
      logLabel: "Contact form",
    }),
  );
  return { ...view, arrive: () => act(async () => arrive()) };
}

const missing = { valueMissing: true } as ValidityState;

describe("the browser refuses a field before the form's schema has arrived", () => {
  it("the field shows the browser's verdict at once, then the schema's words for it", async () => {
    const { result, arrive } = renderTrialForm();
    act(() => {
      result.current.onInvalid("company", missing);
      result.current.onInvalid("privacyAccepted", missing);
    });
    expect(result.current.errors).toEqual({ company: "required", privacyAccepted: "required" });

    await arrive();
    // The schema says what an unticked box needs: to be accepted, not "required".
    await waitFor(() => expect(result.current.errors.privacyAccepted).toBe("must_accept"));
    expect(result.current.errors.company).toBe("required");
  });

  it("a field changed in the meantime keeps no error", async () => {
    const { result, arrive } = renderTrialForm({ phone: "600-abc-123" });
    act(() => {
      result.current.onInvalid("privacyAccepted", missing);
      result.current.onInvalid("phone", { patternMismatch: true } as ValidityState);
    });
    act(() => result.current.setValue("privacyAccepted", true));
    await arrive();
    // The phone's refinement shows that the schema has been applied...
    await waitFor(() => expect(result.current.errors.phone).toBe("invalid_phone"));
    // ...and the box the visitor ticked meanwhile is not marked again.
    expect(result.current.errors.privacyAccepted).toBeUndefined();
  });
});
