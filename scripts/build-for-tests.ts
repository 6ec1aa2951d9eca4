/**
 * Builds the web app for the browser tests with secret-shaped values in the environment,
 * so `e2e/bundle-secrets.spec.ts` can prove that no secret reaches the bundle. The stamp it
 * leaves in the output tells the spec that this build, not another, had those values around.
 */
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { BUILD_ENV_SECRETS, BUILD_ENV_STAMP, buildEnvDigests } from "../e2e/build-secrets.ts";

execSync("npm run build", { stdio: "inherit", env: { ...process.env, ...BUILD_ENV_SECRETS } });
const output = path.resolve(import.meta.dirname, "../web/build/client");
writeFileSync(path.join(output, BUILD_ENV_STAMP), `${JSON.stringify(buildEnvDigests(), null, 2)}\n`);
