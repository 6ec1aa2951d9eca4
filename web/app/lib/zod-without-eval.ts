// Every import of "zod" in the web app resolves to this module (vite.config.ts). The site's
// Content-Security-Policy forbids eval; zod's optional fast path probes `new Function` at the
// first parse, which browsers report as a CSP violation even though zod catches the error.
// Jitless, zod never probes: same results, nothing reported.
import * as z from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
