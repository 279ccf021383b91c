/// <reference types="@rsbuild/core/types" />

declare namespace NodeJS {
  interface ProcessEnv {
    /** The release of this remote build, injected at build time. */
    readonly REMOTE_RELEASE: string;
  }
}

/** Where the bundler resolves this build's assets; the server build sets it to its release's base. */
declare let __webpack_public_path__: string;
