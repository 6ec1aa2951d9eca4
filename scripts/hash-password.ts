/**
 * `npm run hash-password`: prints the ADMIN_PASSWORD_HASH value for a password, to store
 * with `npx sst secrets set ADMIN_PASSWORD_HASH '<hash>' --stage NAME`. The password is
 * read from the terminal without echo, or from standard input when piped; it is never an
 * argument (arguments end up in shell history and process lists).
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { hashPassword } from "@codcrm/core/auth/password.server";

const MIN_LENGTH = 12;

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // Only the line terminator is not part of the password.
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const password = await ask("Administrator password: ");
  if ((await ask("Repeat it: ")) !== password) throw new Error("The two entries differ.");
  return password;
}

try {
  const password = await readPassword();
  if (password.length < MIN_LENGTH) throw new Error(`Use at least ${MIN_LENGTH} characters.`);
  process.stdout.write(`${await hashPassword(password)}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
