/**
 * Builds the web app for the browser tests with secret-shaped values in the environment,
 * so `e2e/bundle-secrets.spec.ts` can prove that no secret reaches the bundle.
 */
import { execSync } from "node:child_process";
import { BUILD_ENV_SECRETS } from "../e2e/build-secrets.ts";

execSync("npm run build", { stdio: "inherit", env: { ...process.env, ...BUILD_ENV_SECRETS } });
