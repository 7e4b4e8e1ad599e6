// stamp.js asks a document's change watcher (watch.js) for its stamp.
// In-page code: docs/architecture-notes.md "In-page code" (lib.js's
// helpers and Go's constants are in scope).
typeof globalThis.__smokeflowStamp === 'function' ? globalThis.__smokeflowStamp() : ''
