import { useLayoutEffect, type RefObject } from "react";

/**
 * A field the visitor may fill before the app has the page (typing, a paste, autofill, a
 * password manager): hydration adopts the element as it is, text, focus and selection included,
 * but the field's state still holds what the server rendered, and the next render would put that
 * back. Once, when the field is first in the app's hands, its state takes what the element holds
 * (docs/decisions/0203-hydration-in-parts-by-react.md).
 */
export function useAdoptTypedValue(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  setValue: (value: string) => void,
): void {
  useLayoutEffect(() => {
    const element = field.current;
    if (element && element.value !== value) setValue(element.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the element is adopted
  }, []);
}
