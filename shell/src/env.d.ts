/// <reference types="@rsbuild/core/types" />

declare namespace NodeJS {
  interface ProcessEnv {
    /** The release of this shell build, injected at build time. */
    readonly SHELL_RELEASE: string;
  }
}
