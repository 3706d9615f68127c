// The vehicles area's face: what other areas may use (docs/architecture.md).
// Nothing yet: cars and the log book are private to it.
export {};
