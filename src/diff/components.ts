/**
 * What the components list, apart from their uses: a schema removed (a generated client
 * loses its type), and security schemes added, removed or changed in type. A change inside
 * a component is reported where it is used, not here.
 */
import { child, entriesOf, field, quote, type Report } from "./context";

export function compareComponents(report: Report): void {
  const map = (root: unknown, kind: string) => new Map(entriesOf(field(field(root, "components"), kind)));
  const pointer = (kind: string, name: string) => child("/components", kind, name);
  const [oldSchemas, newSchemas] = [map(report.before.root, "schemas"), map(report.after.root, "schemas")];
  for (const name of oldSchemas.keys()) if (!newSchemas.has(name)) report.add("api-schema-removed", pointer("schemas", name), `the schema ${quote(name)} was removed from components: a client generated with it loses the type`);
  const [oldSchemes, newSchemes] = [map(report.before.root, "securitySchemes"), map(report.after.root, "securitySchemes")];
  for (const [name, scheme] of oldSchemes) {
    const now = newSchemes.get(name);
    if (now === undefined) report.add("api-security-component-removed", pointer("securitySchemes", name), `the security scheme ${quote(name)} was removed`);
    else {
      const [was, is] = [field(scheme, "type"), field(now, "type")];
      if (was !== is) report.add("api-security-component-type-changed", pointer("securitySchemes", name), `the type of the security scheme ${quote(name)} changed from ${quote(was)} to ${quote(is)}`);
    }
  }
  for (const name of newSchemes.keys()) if (!oldSchemes.has(name)) report.add("api-security-component-added", pointer("securitySchemes", name), `the security scheme ${quote(name)} was added`);
}

