/**
 * A product catalogue as a module for the `specloom` command: its default export is a
 * definition whose parameters use each serialisation a client meets (form arrays, a
 * deepObject filter, a path integer, headers, cookies) and a JSON body. It prints nothing.
 *
 *   npx specloom generate examples/catalogue.ts
 */
import { z } from "zod";
import type { SpecloomDefinition } from "specloom";

const Product = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  price: z.number().min(0),
  tags: z.array(z.string()),
  inStock: z.boolean(),
});

const NewProduct = Product.omit({ id: true });

export default {
  info: { title: "Catalogue", version: "1.0.0" },
  schemas: { Product, NewProduct },
  paths: {
    "GET /products": {
      summary: "Search products",
      query: z.object({
        q: z.string().optional(),
        page: z.number().int().min(1).max(1000).optional(),
        tags: z.array(z.string()).optional(),
        inStock: z.boolean().optional(),
        filter: z.object({ color: z.string().optional(), maxPrice: z.number().min(0).optional() }).optional(),
      }),
      styles: { query: { filter: { style: "deepObject" } } },
      headers: z.object({ "x-currency": z.enum(["EUR", "USD"]).optional() }),
      200: z.array(Product),
    },
    "POST /products": {
      summary: "Add a product",
      body: NewProduct,
      201: Product,
    },
    "GET /products/{productId}": {
      summary: "Find a product",
      params: z.object({ productId: z.number().int().min(1) }),
      cookies: z.object({ session: z.string().optional() }),
      200: Product,
      404: null,
    },
  },
} satisfies SpecloomDefinition;
