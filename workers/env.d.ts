declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}

// PouchDB ships no types; workers/engine/replication/pouch.ts types the part sync uses.
declare module 'pouchdb-browser' {
  const PouchDB: { plugin(plugin: unknown): void; defaults(options: Record<string, unknown>): unknown } & (new (
    name: string,
    options?: Record<string, unknown>,
  ) => unknown);
  export default PouchDB;
}
declare module 'pouchdb-adapter-memory' {
  const plugin: unknown;
  export default plugin;
}
