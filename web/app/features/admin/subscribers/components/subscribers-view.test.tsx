// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminSubscribersResponse } from "@codcrm/core/lead/subscriber-overview";
import es from "../../../../../../locales/es.json";
import { polyfillModalDialog, renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";
import type { SubscribersApi } from "../api/subscribers-api.ts";
import { SubscribersView } from "./subscribers-view.tsx";
import { subscriberFixture as subscriber } from "@codcrm/core/test/subscriber-fixture";

beforeAll(polyfillModalDialog);
afterEach(() => vi.restoreAllMocks());

const strings = es.admin.subscribers;

const EVERYONE = [
  subscriber("uno@tienda.example", "es", "confirmed"),
  {
    ...subscriber("one@shop.example", "en", "confirmed"),
    consent: {
      at: "2026-11-20T10:00:00.000Z",
      page: "/en/blog",
      language: "en" as const,
      textVersion: "2026-11-26",
      client: "c0ffee5eed",
    },
  },
  subscriber("gone@shop.example", "en", "suppressed"),
];

function fakeApi(): SubscribersApi {
  return {
    list: vi.fn(async (filter = {}) => ({
      counts: {
        es: { pending: 0, confirmed: 1, unsubscribed: 0, suppressed: 0 },
        en: { pending: 0, confirmed: 1, unsubscribed: 0, suppressed: 1 },
        pt: { pending: 0, confirmed: 0, unsubscribed: 0, suppressed: 0 },
      },
      subscribers: EVERYONE.filter(
        (s) => (!filter.language || s.language === filter.language) && (!filter.state || s.state === filter.state),
      ),
    })) as SubscribersApi["list"] & (() => Promise<AdminSubscribersResponse>),
    exportPerson: vi.fn(),
    erasePerson: vi.fn(async () => ({
      erasedAt: "2026-11-21T10:00:00.000Z",
      removed: { subscription: 1, leads: 1, outbox: 2, other: 0 },
    })),
  };
}

/** jsdom's Blob has no `text()`; its FileReader reads it. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe("the subscribers view", () => {
  it("counts per language and state, and narrows the list by language and state", async () => {
    const api = fakeApi();
    renderWithStrings(<SubscribersView api={api} />, { pathname: "/admin/suscriptores" });
    const table = await screen.findByRole("table", { name: strings.countsCaption });
    // Languages named as the rest of the admin names them, not as the language selector does.
    expect(within(table).queryByRole("row", { name: /English/ })).toBeNull();
    const english = within(table).getByRole("row", { name: new RegExp(es.admin.languages.en) });
    expect(
      within(english)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0", "1", "0", "1"]);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);

    await userEvent.selectOptions(screen.getByLabelText(strings.filterLanguage), "en");
    await userEvent.selectOptions(screen.getByLabelText(strings.filterState), "suppressed");
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ language: "en", state: "suppressed" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(screen.getByRole("listitem")).toHaveTextContent("gone@shop.example");
  });

  it("shows each subscriber's consent record: when, page, language, text version and the hashed client", async () => {
    renderWithStrings(<SubscribersView api={fakeApi()} />, { pathname: "/admin/suscriptores" });
    const row = (await screen.findAllByRole("listitem")).find((item) =>
      item.textContent?.includes("one@shop.example"),
    )!;
    await userEvent.click(within(row).getByText(/^Consentimiento del /));
    const record = within(row).getByRole("group");
    for (const label of Object.values({
      at: strings.consent.at,
      page: strings.consent.page,
      language: strings.consent.language,
      textVersion: strings.consent.textVersion,
      client: strings.consent.client,
    }))
      expect(within(record).getByText(label)).toBeVisible();
    expect(record).toHaveTextContent("/en/blog");
    expect(record).toHaveTextContent("2026-11-26");
    expect(record).toHaveTextContent("c0ffee");
    expect(record).toHaveTextContent(es.admin.languages.en);
  });

  it("downloads the confirmed ones of the chosen language as CSV", async () => {
    const api = fakeApi();
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return "blob:subscribers";
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderWithStrings(<SubscribersView api={api} />, { pathname: "/admin/suscriptores" });
    await screen.findByRole("table");
    await userEvent.selectOptions(screen.getByLabelText(strings.filterLanguage), "en");
    await userEvent.click(screen.getByRole("button", { name: strings.csv }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.list).toHaveBeenLastCalledWith({ language: "en", state: "confirmed" });
    // Named for what it holds.
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^suscriptores-confirmados-ingles-\d{4}-\d\d-\d\d\.csv$/,
    );
    expect(await textOf(files[0]!)).toBe(
      "email,language,consent_at,confirmed_at,consent_text_version\r\n" +
        "one@shop.example,en,2026-11-20T10:00:00.000Z,2026-11-20T11:00:00.000Z,2026-11-26\r\n",
    );
  });

  it("erases a person only after the confirmation, and refuses a bad address in the page's language", async () => {
    const api = fakeApi();
    renderWithStrings(<SubscribersView api={api} />, { pathname: "/admin/suscriptores" });
    await screen.findByRole("table");
    const email = screen.getByLabelText(strings.person.email);

    await userEvent.type(email, "not an address");
    await userEvent.click(screen.getByRole("button", { name: strings.person.erase }));
    expect(screen.getByRole("alert")).toHaveTextContent(es.validation.invalid_email);
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await userEvent.clear(email);
    await userEvent.type(email, " Uno@Tienda.example ");
    await userEvent.click(screen.getByRole("button", { name: strings.person.erase }));
    const question = screen.getByRole("alertdialog", { name: "¿Borrar todos los datos de Uno@Tienda.example?" });
    await userEvent.click(within(question).getByRole("button", { name: strings.person.cancel }));
    expect(api.erasePerson).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: strings.person.erase }));
    await userEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: strings.person.confirmErase }),
    );
    expect(api.erasePerson).toHaveBeenCalledWith("Uno@Tienda.example");
    expect(await screen.findByText("Datos de Uno@Tienda.example borrados (4 elementos).")).toBeTruthy();
    // The counts and the list are read again.
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });
});
