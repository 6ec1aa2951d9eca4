import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMAILJS_LIB_VERSION, EmailJsTransport } from "./emailjs-transport.ts";
import { DeliveryFailure, type MailMessage } from "./mail-transport.ts";
import { EMAILJS_FAILURES, EMAILJS_KEYS, startFakeEmailJs, type FakeEmailJs } from "../../test/fake-emailjs-server.ts";
import { rejectionOf } from "../../test/rejection.ts";

const KEYS = { serviceId: "service_abc", templateId: "template_xyz", publicKey: "pub-123", privateKey: "priv-456" };

const message: MailMessage = {
  subject: "CodCRM · Nuevo mensaje de contacto (12345678)",
  text: "Nombre: Ana\nMensaje:\nHola",
  replyTo: "ana@example.com",
  fields: { from_name: "Ana", from_email: "ana@example.com", message: "Hola" },
};

let fake: FakeEmailJs;
let transport: EmailJsTransport;
/** The same, with a short limit: only a provider that never answers waits for it. */
let impatient: EmailJsTransport;

beforeAll(async () => {
  fake = await startFakeEmailJs(KEYS);
  // A fake that answers must never be timed out by a slow, busy host: the limit is generous.
  transport = new EmailJsTransport({ apiUrl: fake.url, ...KEYS, to: "team@codcrm.test", timeoutMs: 30_000 });
  impatient = new EmailJsTransport({ apiUrl: fake.url, ...KEYS, to: "team@codcrm.test", timeoutMs: 300 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.behave("ok");
});

const failureOf = (promise: Promise<unknown>) => rejectionOf(promise, DeliveryFailure);

describe("EmailJS transport", () => {
  it("posts exactly the documented body and succeeds on 200 'OK'", async () => {
    await expect(transport.send(message)).resolves.toEqual({});
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call!.shapeProblems).toEqual([]);
    expect(Object.keys(call!.body).sort()).toEqual([...EMAILJS_KEYS].sort());
    expect(call!.body).toEqual({
      lib_version: EMAILJS_LIB_VERSION,
      user_id: "pub-123",
      service_id: "service_abc",
      template_id: "template_xyz",
      accessToken: "priv-456",
      template_params: { ...message.fields, to_email: "team@codcrm.test" },
    });
  });

  it.each(EMAILJS_FAILURES)("maps %s to %s (retryable: %s)", async (behaviour, code, retryable) => {
    fake.behave(behaviour);
    const failure = await failureOf((behaviour === "hang" ? impatient : transport).send(message));
    expect(failure.code).toBe(code);
    expect(failure.retryable).toBe(retryable);
    expect(fake.calls).toHaveLength(1);
  });

  it("reports an unreachable provider as a network error", async () => {
    const nowhere = new EmailJsTransport({ apiUrl: "http://127.0.0.1:1", ...KEYS, timeoutMs: 2000 });
    expect((await failureOf(nowhere.send(message))).code).toBe("network_error");
  });
});
