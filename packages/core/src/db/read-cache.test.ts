import { describe, expect, it } from "vitest";
import { ReadCache } from "./read-cache.ts";

function counter() {
  let reads = 0;
  return {
    read:
      (value = "v") =>
      () =>
        Promise.resolve(`${value}${++reads}`),
    count: () => reads,
  };
}

describe("ReadCache", () => {
  it("serves one read per key until the TTL ends, then reads again", async () => {
    let now = 1_000;
    const cache = new ReadCache<string>(5_000, 10, () => now);
    const { read, count } = counter();
    expect(await cache.get("a", read())).toBe("v1");
    now += 4_999;
    expect(await cache.get("a", read())).toBe("v1");
    expect(await cache.get("b", read())).toBe("v2");
    now += 1;
    expect(await cache.get("a", read())).toBe("v3");
    expect(count()).toBe(3);
  });

  it("shares a read still under way between concurrent callers", async () => {
    const cache = new ReadCache<string>(5_000, 10);
    const { read, count } = counter();
    const [first, second] = await Promise.all([cache.get("a", read()), cache.get("a", read())]);
    expect([first, second, count()]).toEqual(["v1", "v1", 1]);
  });

  it("never serves after clear() a read that started before it, even one still under way", async () => {
    const cache = new ReadCache<string>(5_000, 10);
    let finish!: (value: string) => void;
    const pending = cache.get("a", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear(); // a write ends while the read is under way
    finish("before the write");
    expect(await pending).toBe("before the write");
    expect(await cache.get("a", () => Promise.resolve("after the write"))).toBe("after the write");
  });

  it("drops a read that failed, so the next caller reads again", async () => {
    const cache = new ReadCache<string>(5_000, 10);
    await expect(cache.get("a", () => Promise.reject(new Error("store down")))).rejects.toThrow("store down");
    expect(await cache.get("a", () => Promise.resolve("ok"))).toBe("ok");
  });

  it("keeps at most maxKeys keys, dropping the oldest", async () => {
    const cache = new ReadCache<string>(5_000, 2);
    const { read, count } = counter();
    await cache.get("a", read());
    await cache.get("b", read());
    await cache.get("c", read()); // drops "a"
    expect(await cache.get("b", read())).toBe("v2");
    expect(await cache.get("a", read())).toBe("v4");
    expect(count()).toBe(4);
  });
});
