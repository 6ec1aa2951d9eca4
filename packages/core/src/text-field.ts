// Zod Mini: the article functions parse with it alone, about 65 KB lighter than classic zod.
import * as z from "zod/mini";

/** C0 control characters other than tab and line feed: never part of text (and not allowed in XML). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const C0_CONTROLS = /[\u0000-\u0008\u000B-\u001F]/;

/**
 * A text field: Windows line ends become `\n`, then any other C0 control character is refused
 * (code `control_characters`), so nothing stored can break a feed or a page later. Add
 * `z.trim()`, `z.minLength()`, `z.maxLength()` with `.check()` as on any string; they run after these.
 */
export function plainText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(
    z.overwrite((value) => value.replace(/\r\n/g, "\n")),
    z.refine((value) => !C0_CONTROLS.test(value), "control_characters"),
  );
}
