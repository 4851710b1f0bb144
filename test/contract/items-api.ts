/**
 * A small API and a real Express 5 server that honours it (requests checked by specloom's
 * validateRequests, answers written by hand), with bugs that can be planted one at a time.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { z } from "zod";
import type { SpecloomDefinition } from "specloom";
import { validateRequests, type ValidatedIncomingMessage } from "specloom/node";

const Item = z.object({ id: z.number().int().min(1), name: z.string(), price: z.number().min(0), tags: z.array(z.string()).optional() });
const NewItem = z.object({ name: z.string().min(1).max(40), price: z.number().min(0).max(1_000_000), tags: z.array(z.string().max(10)).max(5).optional() });
const Problem = z.object({ title: z.string(), status: z.number().int() });
const ItemId = z.object({ id: z.number().int().min(1).max(10_000) });

export const itemsApi = {
  openapi: "3.1.0",
  info: { title: "Items", version: "1" },
  schemas: { Item, NewItem, Problem },
  paths: {
    "GET /items": {
      query: z.object({ q: z.string().max(20).optional(), limit: z.number().int().min(1).max(50).optional() }),
      200: z.array(Item),
    },
    "POST /items": { body: NewItem, 201: Item, 400: Problem },
    "GET /items/{id}": { params: ItemId, 200: Item, 404: Problem },
    "DELETE /items/{id}": { params: ItemId, 204: null, 404: Problem },
    "GET /items/{id}/label": { params: ItemId, 200: { content: { "text/plain": { schema: z.string() } } }, 404: Problem },
  },
} satisfies SpecloomDefinition;

/** The planted bugs, one per rule the contract test must catch. */
export type Bug = "drops a required field for id 13" | "500 on an empty q" | "500 on a long q" | "500 on two tags" | "undeclared status" | "accepts an invalid body" | "wrong content type";

/** Ids 1 to 20 exist; 13 is the one a bug treats differently. */
const STORE = new Map(Array.from({ length: 20 }, (_, index) => [index + 1, { id: index + 1, name: `item ${index + 1}`, price: index * 1.5 }]));

type Validated = ValidatedIncomingMessage & { specloom: { params: { id: number }; query: { q?: string; limit?: number }; body: { name: string; price: number; tags?: string[] } } };
const parts = (req: express.Request) => (req as unknown as Validated).specloom;
const notFound = (res: express.Response) => res.status(404).type("application/problem+json").send(JSON.stringify({ title: "Not Found", status: 404 }));

export interface Running {
  readonly url: string;
  close(): Promise<void>;
}

export async function itemsServer(bug?: Bug): Promise<Running> {
  const app = express();
  if (bug === "accepts an invalid body") {
    // The bug: the body is parsed but never checked, so a broken one is stored.
    app.post("/items", express.json({ type: "application/json" }), (req, res) => {
      if (!req.is("application/json")) return res.status(415).json({ title: "Unsupported Media Type", status: 415 });
      res.status(201).json({ id: 21, ...(req.body as object) });
    });
  }
  app.use(validateRequests(itemsApi));
  app.get("/items", (req, res) => {
    const { q, limit } = parts(req).query;
    if (bug === "500 on an empty q" && q === "") throw new Error("empty search");
    if (bug === "500 on a long q" && (q ?? "").length > 5) throw new Error("a long search");
    const found = [...STORE.values()].filter((item) => q === undefined || item.name.includes(q)).slice(0, limit ?? 10);
    res.json(found);
  });
  app.post("/items", (req, res) => {
    if (bug === "500 on two tags" && (parts(req).body.tags ?? []).length >= 2) throw new Error("tags");
    res.status(201).json({ id: 21, ...parts(req).body });
  });
  app.get("/items/:id", (req, res) => {
    const item = STORE.get(parts(req).params.id);
    if (item === undefined) return notFound(res);
    if (bug === "drops a required field for id 13" && item.id === 13) return res.json({ id: item.id, price: item.price });
    res.json(item);
  });
  app.delete("/items/:id", (req, res) => {
    if (!STORE.has(parts(req).params.id)) return notFound(res);
    if (bug === "undeclared status") return res.status(200).json({ deleted: true });
    res.status(204).end();
  });
  app.get("/items/:id/label", (req, res) => {
    const item = STORE.get(parts(req).params.id);
    if (item === undefined) return notFound(res);
    if (bug === "wrong content type") return res.json(item.name);
    res.type("text/plain").send(item.name);
  });
  // Express's own error page for a thrown error: a 500.
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
