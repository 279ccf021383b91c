/// <reference types="@rsbuild/core/types" />

declare namespace NodeJS {
  interface ProcessEnv {
    /** The release of this remote build, injected at build time. */
    readonly REMOTE_RELEASE: string;
  }
}
