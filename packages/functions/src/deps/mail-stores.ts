import { store, type Makers } from "./made.ts";

/** Mail: the outbox, the team's transport and the readers' (docs/decisions/0161-reader-mail-transport.md). */
export const MAIL_STORES = {
  outbox: store(async () => (await import("@codcrm/core/db/outbox-repository")).OutboxRepository),
  mail: async (deps) =>
    (await import("@codcrm/core/mail/create-transport")).createMailTransport(
      deps.config,
      await deps.outbox(),
      deps.clock,
    ),
  readerMail: async (deps) =>
    (await import("@codcrm/core/mail/create-transport")).createReaderTransport(
      deps.config,
      await deps.outbox(),
      deps.clock,
    ),
} satisfies Makers;
