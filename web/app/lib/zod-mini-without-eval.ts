// Every import of "zod/mini" in the web app resolves to this module (vite.config.ts): jitless,
// for the reason given in zod-without-eval.ts.
import * as z from "zod/v4-mini";

z.config({ jitless: true });

export * from "zod/v4-mini";
