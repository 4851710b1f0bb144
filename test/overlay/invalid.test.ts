/**
 * Overlays that the official Overlay JSON Schema of their version rejects (the cases of its
 * own test suite, and an invalid JSONPath): INVALID_DEFINITION naming the overlay, the action
 * and the field, before any action runs.
 */
import { describe, expect, it } from "vitest";
import { applyOverlay, type Overlay } from "specloom/overlay";
import { errorOf } from "../merge/fixtures";
import { oaiExample, overlay } from "./fixtures";

const info = { title: "Bad overlay", version: "1.0.0" };

/** The overlay is rejected with this message (or a message this pattern matches). */
function rejects(bad: unknown, message: string | RegExp, index = 0): void {
  const overlays: unknown[] = [];
  for (let i = 0; i < index; i++) overlays.push(overlay("1.1.0", [{ target: "$.info", update: { "x-ok": i } }]));
  overlays.push(bad);
  const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), ...(overlays as Overlay[])));
  expect(error.code).toBe("INVALID_DEFINITION");
  if (typeof message === "string") expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe.each(["1.0.0", "1.1.0"])("Overlay %s: the schema's rules", (version) => {
  const action = (fields: Record<string, unknown>) => overlay(version, [{ target: "$.info", update: { "x-first": 1 } }, fields]);

  it("an overlay that is not an object", () => {
    rejects(["actions"], "overlays[0]: expected an Overlay object (overlay, info, actions), found an array");
  });

  it('"actions" is required', () => {
    rejects({ overlay: version, info }, "overlays[0].actions: required: the list of actions to apply");
  });

  it('"actions" is an array with at least one action ("The array MUST contain at least one value")', () => {
    rejects({ overlay: version, info, actions: { target: "$" } }, "overlays[0].actions: expected an array of actions, found an object");
    rejects({ overlay: version, info, actions: [] }, "overlays[0].actions: the list MUST contain at least one action");
  });

  it("an action that is not an object", () => {
    rejects(overlay(version, ["$.info"]), 'overlays[0].actions[0]: expected an action object with a target, found the string "$.info"');
  });

  it('"target" is required', () => {
    rejects(action({ update: { a: 1 } }), "overlays[0].actions[1].target: required: a JSONPath query selecting the nodes to change");
  });

  it('"target" is a string', () => {
    rejects(action({ target: ["$.info"], update: {} }), 'overlays[0].actions[1].target: expected a JSONPath query string such as "$.paths", found an array');
  });

  it('"target" is an RFC 9535 JSONPath query', () => {
    rejects(action({ target: "$.paths[", update: {} }), "overlays[0].actions[1].target: not an RFC 9535 JSONPath query: unclosed bracketed selection ('$.paths[':8)");
    rejects(action({ target: "paths.*", update: {} }), "overlays[0].actions[1].target: not an RFC 9535 JSONPath query: expected '$', found 'p' ('paths.*':0)");
    rejects(action({ target: "$[?@.a = 1]", update: {} }), /^overlays\[0\]\.actions\[1\]\.target: not an RFC 9535 JSONPath query: unexpected filter selector token '='/);
    // Well-formed but not well-typed (RFC 9535 2.4.3): length() of a query selecting many nodes.
    rejects(action({ target: "$[?length(@.*) > 1]", update: {} }), /^overlays\[0\]\.actions\[1\]\.target: not an RFC 9535 JSONPath query: /);
  });

  it('"remove" is a boolean', () => {
    rejects(action({ target: "$.info", remove: "yes" }), 'overlays[0].actions[1].remove: expected true or false, found the string "yes"');
  });

  it('"description" is a string', () => {
    rejects(action({ target: "$.info", description: 42 }), "overlays[0].actions[1].description: expected a string, found a number (42)");
  });

  it("an action field the schema does not define (unevaluatedProperties: false); x- extensions are fine", () => {
    rejects(action({ target: "$.info", value: {} }), `overlays[0].actions[1].value: not a field here (allowed: ${version === "1.0.0" ? "target, description, update, remove" : "target, description, update, copy, remove"} and x- extensions)`);
    expect(() => applyOverlay(oaiExample("petstore.yaml"), action({ target: "$.info", "x-reviewed": true }))).not.toThrow();
  });

  it("a root field the schema does not define", () => {
    rejects({ overlay: version, info, actions: [{ target: "$" }], components: {} }, "overlays[0].components: not a field here (allowed: overlay, info, extends, actions and x- extensions)");
  });

  it('"info" with a string title and version', () => {
    rejects({ overlay: version, actions: [{ target: "$" }] }, "overlays[0].info: required: an object with title and version");
    rejects({ overlay: version, info: { title: "T" }, actions: [{ target: "$" }] }, "overlays[0].info.version: required: a string");
    rejects({ overlay: version, info: { title: 1, version: "1" }, actions: [{ target: "$" }] }, "overlays[0].info.title: expected a string, found a number (1)");
  });

  it('"extends" is a URI reference string', () => {
    rejects(overlay(version, [{ target: "$" }], { extends: 3 }), "overlays[0].extends: expected a URI reference (the document the overlay was written for), found a number (3)");
    rejects(overlay(version, [{ target: "$" }], { extends: "my api.yaml" }), 'overlays[0].extends: expected a URI reference (the document the overlay was written for), found the string "my api.yaml"');
  });

  it('"actions" items are unique (uniqueItems), whatever the order of their keys', () => {
    rejects(
      overlay(version, [
        { target: "$.info", update: { title: "T", description: "D" } },
        { target: "$.paths", remove: true },
        { update: { description: "D", title: "T" }, target: "$.info" },
      ]),
      "overlays[0].actions[2]: the same action as actions[0]; the schema requires the actions to be unique",
    );
  });

  it("an update that JSON cannot hold", () => {
    rejects(action({ target: "$.info", update: { title: () => "T" } }), 'overlays[0].actions[1].update.title: expected JSON data, found a function (() => "T")');
  });

  it("names the overlay by its argument index, and checks every overlay before any action runs", () => {
    // overlays[0]'s copy would fail when it runs; overlays[1]'s schema error is found first.
    const runsBadly = overlay("1.1.0", [{ target: "$.info", copy: "$.nothing" }]);
    const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), runsBadly, { overlay: version, info } as unknown as Overlay));
    expect(error.message).toBe("overlays[1].actions: required: the list of actions to apply");
    rejects({ overlay: version, info, actions: [{ target: 1 }] }, 'overlays[2].actions[0].target: expected a JSONPath query string such as "$.paths", found a number (1)', 2);
  });
});

describe("the overlay version", () => {
  it('"overlay" is required and is a string', () => {
    rejects({ info, actions: [{ target: "$" }] }, 'overlays[0].overlay: required: the Overlay Specification version, such as "1.1.0"');
    rejects({ overlay: 1.1, info, actions: [{ target: "$" }] }, 'overlays[0].overlay: expected a version string such as "1.1.0", found a number (1.1)');
  });

  it("an unknown version (the schemas' patterns are ^1\\.0\\.\\d+$ and ^1\\.1\\.\\d+$)", () => {
    for (const version of ["2.0.0", "1.2.0", "1.0", "1.1.0-rc1", "v1.1.0"]) {
      rejects({ overlay: version, info, actions: [{ target: "$" }] }, `overlays[0].overlay: unknown Overlay Specification version ${JSON.stringify(version)}; Specloom applies 1.0.x and 1.1.x`);
    }
  });

  it('patch versions are the same feature set: "The patch version SHOULD NOT be considered by tooling"', () => {
    const result = applyOverlay(oaiExample("petstore.yaml"), overlay("1.1.7", [{ target: "$.info.title", update: "Patched" }]));
    expect(result.info.title).toBe("Patched");
  });
});

describe("Overlay 1.0.0 fields and combinations", () => {
  it("copy is a 1.1 field", () => {
    rejects(overlay("1.0.0", [{ target: "$.info", copy: "$.paths" }]), "overlays[0].actions[0].copy: not a field here (allowed: target, description, update, remove and x- extensions); copy here is an Overlay 1.1 field (overlay: 1.1.0)");
  });

  it("info.description is a 1.1 field", () => {
    rejects({ overlay: "1.0.0", info: { ...info, description: "D" }, actions: [{ target: "$" }] }, "overlays[0].info.description: not a field here (allowed: title, version and x- extensions); description here is an Overlay 1.1 field (overlay: 1.1.0)");
  });
});

describe("Overlay 1.1.0 fields and combinations", () => {
  it('"copy" is a string and an RFC 9535 JSONPath query', () => {
    rejects(overlay("1.1.0", [{ target: "$.info", copy: true }]), 'overlays[0].actions[0].copy: expected a JSONPath query string such as "$.paths", found a boolean (true)');
    rejects(overlay("1.1.0", [{ target: "$.info", copy: "$.." }]), "overlays[0].actions[0].copy: not an RFC 9535 JSONPath query: bald descendant segment ('$..':3)");
  });

  it("update with copy is refused: 1.1 gives each no impact when the other is there", () => {
    rejects(overlay("1.1.0", [{ target: "$.info", update: {}, copy: "$.info" }]), "overlays[0].actions[0].copy: an action has update or copy, not both (Overlay 1.1 gives each no impact when the other is there)");
  });

  it("the document must be an object", () => {
    const error = errorOf(() => applyOverlay([] as unknown as object, overlay("1.1.0", [{ target: "$" }])));
    expect(error.message).toBe("document: expected an OpenAPI document object, found an array");
  });
});
