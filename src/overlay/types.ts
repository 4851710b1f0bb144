/**
 * The Overlay object model (OpenAPI Initiative Overlay Specification 1.0.0 and 1.1.0).
 * Every object also admits `x-` extension keys.
 */
import type { Extensions } from "../types/document";

export interface OverlayInfo extends Extensions {
  title: string;
  version: string;
  /** 1.1 only. */
  description?: string;
}

export interface OverlayAction extends Extensions {
  /** An RFC 9535 JSONPath query selecting the nodes the action changes. */
  target: string;
  description?: string;
  /** Merged into every selected node (objects merged, arrays concatenated, primitives replaced in 1.1). */
  update?: unknown;
  /** 1.1 only: a JSONPath query selecting one node of the document, merged as `update` would be. */
  copy?: string;
  /** Removes every selected node from the object or array that holds it. */
  remove?: boolean;
}

export interface Overlay extends Extensions {
  /** The Overlay Specification version: `1.0.x` or `1.1.x`. */
  overlay: string;
  info: OverlayInfo;
  /** Which document the overlay was written for; kept as information, never fetched. */
  extends?: string;
  actions: OverlayAction[];
}
