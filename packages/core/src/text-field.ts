import * as z from "zod";

/** C0 control characters other than tab and line feed: never part of text (and not allowed in XML). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const C0_CONTROLS = /[\u0000-\u0008\u000B-\u001F]/;

/**
 * A text field: Windows line ends become `\n`, then any other C0 control character is refused
 * (code `control_characters`), so nothing stored can break a feed or a page later. Chain
 * `.trim()`, `.min()`, `.max()` as on any string.
 */
export function plainText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .overwrite((value) => value.replace(/\r\n/g, "\n"))
    .refine((value) => !C0_CONTROLS.test(value), "control_characters");
}
