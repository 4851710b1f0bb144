/**
 * HTTP/1.1 requests written byte by byte on a socket, for what fetch cannot send: an empty or
 * doubled Host, an absolute-form target, a dot segment left as it is.
 */
import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `head` (request line and headers, without the blank line) and `body` on a fresh socket; the response as received. */
export function send(port: number, head: string, body = ""): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      const length = body === "" ? "" : `\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}`;
      socket.end(`${head}${length}\r\nConnection: close\r\n\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parse(Buffer.concat(chunks).toString("latin1"))));
  });
}

function parse(text: string): RawResponse {
  const split = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
  let body = text.slice(split + 4);
  if (headers.get("transfer-encoding") === "chunked") {
    let decoded = "";
    for (let at = 0, size = parseInt(body, 16); size > 0; size = parseInt(body.slice(at), 16)) {
      const start = body.indexOf("\r\n", at) + 2;
      decoded += body.slice(start, start + size);
      at = start + size + 2;
    }
    body = decoded;
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}
