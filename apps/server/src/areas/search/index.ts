// The search area's face: what other areas may use (docs/architecture.md).
// Nothing: the area only reads, for its one route.
export {};
