/**
 * `npm test`: the site built once for the browser tests, then Vitest and the browser suite side
 * by side (docs/decisions/0131-suites-side-by-side.md). The browser suite spends most of its time
 * waiting on the browser and the server and leaves more than one of two cores idle; Vitest
 * keeps both busy. Run one after the other they add up; side by side the run is about as long
 * as the browser suite.
 *
 * Each line is printed as it comes, after the name of its suite; the run fails when either fails.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

/** Runs `command`, printing each of its lines after `label` (none when empty), and answers how it ended. */
function run(name: string, label: string, command: string, args: string[]): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(command, args, {
    stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    // Colours as in a terminal when this run is in one (the suites see a pipe).
    env: process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: "1" } : process.env,
  });
  if (label) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (stream)
        createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => out.write(`${label}${line}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(`${name}: ${error.message}`);
      resolve({ name, code: 1, seconds: (Date.now() - started) / 1000 });
    });
    child.on("close", (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const build = await run("build", "", "npx", ["tsx", "scripts/build-for-tests.ts"]);
if (build.code !== 0) process.exit(build.code);

const outcomes = await Promise.all([
  run("vitest", "[vitest]  ", "npx", ["vitest", "run"]),
  run("browser", "[browser] ", "npx", ["playwright", "test"]),
]);

console.log(`\nbuild ${build.seconds.toFixed(0)} s`);
for (const { name, code, seconds } of outcomes)
  console.log(`${name} ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
process.exit(outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0);
