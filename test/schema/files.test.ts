/**
 * File uploads from each library: Zod's `z.file()`, Valibot's `v.file()`/`v.blob()`,
 * ArkType's `File`/`Blob` instance types, or a string with `format: "binary"`. 3.0.3 writes a
 * file as `type: string, format: binary`. In 3.1.0 "the format keyword has no effect on the
 * content-encoding of the schema", so a file is a string with `contentMediaType`. Known MIME
 * types of a multipart field go to its Encoding Object, whose `contentType` takes "a
 * comma-separated list".
 */
import { toStandardJsonSchema as vb } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type StandardJSONSchemaV1 } from "specloom";
import { versions } from "../fixtures/libraries";
import { at, bodySchema, expectCleanDocument, type Node } from "./support";

const info = { title: "Uploads", version: "1" };
type Version = (typeof versions)[number];

/** A form with a file, a list of files and a text field. */
const forms: { library: string; form: StandardJSONSchemaV1 }[] = [
  { library: "zod", form: z.object({ file: z.file(), files: z.array(z.file()), note: z.string() }) },
  { library: "arktype", form: type({ file: "File", files: type.instanceOf(Blob).array(), note: "string" }) },
  { library: "valibot", form: vb(v.object({ file: v.file(), files: v.array(v.blob()), note: v.string() })) },
];

const file = (version: Version, mediaType = "application/octet-stream") => (version === "3.0.3" ? { type: "string", format: "binary" } : { type: "string", contentMediaType: mediaType });

function upload(version: Version, schema: StandardJSONSchemaV1) {
  return openapi({ openapi: version, info, paths: { "POST /uploads": { body: { contentType: "multipart/form-data", schema } } } });
}

describe.each(forms)("a $library multipart form with files", ({ form }) => {
  it.each(versions)("has each file, and each file of a list, in the version's file form (%s)", async (version) => {
    const document = upload(version, form);
    const schema = bodySchema(document, "POST /uploads", "multipart/form-data");
    expect(schema.properties).toEqual({ file: file(version), files: { type: "array", items: file(version) }, note: { type: "string" } });
    await expectCleanDocument(document);
  });
});

describe("a file's MIME types", () => {
  const typed: { library: string; form: StandardJSONSchemaV1 }[] = [
    { library: "zod", form: z.object({ photo: z.file().mime(["image/png", "image/jpeg"]), scan: z.file().mime(["application/pdf"]), photos: z.array(z.file().mime(["image/png"])) }) },
    {
      library: "valibot",
      form: vb(
        v.object({
          photo: v.pipe(v.file(), v.mimeType(["image/png", "image/jpeg"]), v.maxSize(1_000_000)),
          scan: v.pipe(v.file(), v.mimeType(["application/pdf"])),
          photos: v.array(v.pipe(v.file(), v.mimeType(["image/png"]))),
        }),
      ),
    },
  ];
  describe.each(typed)("from $library", ({ form }) => {
    it.each(versions)("become the multipart encoding's contentType, \"a comma-separated list\" (%s)", async (version) => {
      const document = upload(version, form);
      const media = at(document, "paths", "/uploads", "post", "requestBody", "content", "multipart/form-data") as Node;
      expect(media.encoding).toEqual({ photo: { contentType: "image/png, image/jpeg" }, scan: { contentType: "application/pdf" }, photos: { contentType: "image/png" } });
      // One type is the file's contentMediaType in 3.1; several leave it application/octet-stream.
      expect((media.schema as Node).properties).toMatchObject({ photo: file(version), scan: file(version, "application/pdf"), photos: { items: file(version, "image/png") } });
      await expectCleanDocument(document);
    });
  });
});

describe("a string with format binary", () => {
  it.each(versions)("is a file too (%s)", async (version) => {
    const document = upload(version, z.object({ data: z.string().meta({ format: "binary" }) }));
    expect(bodySchema(document, "POST /uploads", "multipart/form-data").properties).toEqual({ data: file(version) });
    await expectCleanDocument(document);
  });
});

describe("a body of raw bytes", () => {
  it.each(versions)("application/octet-stream without a schema is the shorthand's binary string (%s)", async (version) => {
    const document = openapi({ openapi: version, info, paths: { "PUT /raw": { body: { contentType: "application/octet-stream" } } } });
    expect(bodySchema(document, "PUT /raw", "application/octet-stream")).toEqual({ type: "string", format: "binary" });
    await expectCleanDocument(document);
  });

  it.each(versions)("a JSON body has no encoding, whatever its files (%s)", async (version) => {
    const document = openapi({ openapi: version, info, paths: { "POST /json": { body: z.object({ photo: z.file().mime(["image/png"]) }) } } });
    expect(at(document, "paths", "/json", "post", "requestBody", "content", "application/json")).not.toHaveProperty("encoding");
    await expectCleanDocument(document);
  });
});
