// The public area's face: what other areas may use (docs/architecture.md).
// Nothing yet: the rest of the area is private to it.
export {};
