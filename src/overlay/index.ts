/** specloom/overlay: apply OpenAPI Overlay 1.0 and 1.1 documents. Needs the json-p3 package (RFC 9535 JSONPath). */
export { applyOverlay } from "./apply";
export type { Overlay, OverlayAction, OverlayInfo } from "./types";
