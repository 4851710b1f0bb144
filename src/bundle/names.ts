/**
 * Component names for bundled files: the fragment's last segment (`common.yaml#/Pet` is
 * `Pet`), else the file's name without its extension (`schemas/Order.yaml` is `Order`),
 * with characters a component name cannot hold (`^[a-zA-Z0-9.\-_]+$`) made `_`. A name
 * already taken in its section gets the first free number (`Pet2`, `Pet3`): the walk meets
 * references in a fixed order, so the same files always give the same names.
 */
export class ComponentNames {
  private readonly taken = new Map<string, Set<string>>();

  /** Marks a name the entry document already uses. */
  reserve(section: string, name: string): void {
    this.section(section).add(name);
  }

  /** A free name in `section` for the target at `url` and `tokens`. */
  claim(section: string, url: string, tokens: readonly string[]): string {
    const base = baseName(url, tokens);
    const names = this.section(section);
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}${n}`;
    names.add(name);
    return name;
  }

  private section(section: string): Set<string> {
    let names = this.taken.get(section);
    if (!names) this.taken.set(section, (names = new Set()));
    return names;
  }
}

function baseName(url: string, tokens: readonly string[]): string {
  const last = tokens.length > 0 ? (tokens[tokens.length - 1] as string) : "";
  const raw = last !== "" && !/^\d+$/.test(last) ? last : fileStem(url);
  const name = raw.replace(/[^A-Za-z0-9._-]/g, "_");
  return name === "" ? "Component" : name;
}

/** `Order` for `.../schemas/Order.yaml`; the last path segment, decoded, without its extension. */
function fileStem(url: string): string {
  const path = url.replace(/[?#].*$/, "");
  const segment = path.slice(path.lastIndexOf("/") + 1);
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape stays as written.
  }
  const dot = decoded.lastIndexOf(".");
  return dot > 0 ? decoded.slice(0, dot) : decoded;
}
