import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The client of a request hung up before its answer was written. Node fires `close` on a
 * request once, and a request read only after an `await` may already be destroyed: no
 * `end`, no `error` will ever come. Everything that waits on the request checks this
 * first, so no request stays pending after its client has gone.
 */
export class ClientGoneError extends Error {
  constructor() {
    super("The client closed the connection.");
    this.name = "ClientGoneError";
  }
}

/** True once the connection of this request is gone (closed before the answer finished). */
export function clientGone(req: IncomingMessage, res?: ServerResponse): boolean {
  return req.destroyed || req.socket.destroyed || (res !== undefined && res.destroyed && !res.writableFinished);
}

/**
 * Reads at most `limit` bytes of the body; a larger body is refused (`tooLarge`) without
 * buffering it all. Rejects with ClientGoneError when the client hangs up, before or while
 * the body is read.
 */
export function readBody(req: IncomingMessage, limit: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (clientGone(req)) return reject(new ClientGoneError());
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      req.resume();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on("end", () => {
      ended = true;
      resolve(Buffer.concat(chunks));
    });
    req.on("error", () => reject(new ClientGoneError()));
    // `close` after `end` is the normal course; before it, the client went away mid-body.
    req.on("close", () => {
      if (!ended) reject(new ClientGoneError());
    });
  });
}
