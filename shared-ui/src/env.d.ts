/// <reference types="@rsbuild/core/types" />

declare namespace NodeJS {
  interface ProcessEnv {
    /** The release of the remote that bundles this layer, injected at its build time. */
    readonly REMOTE_RELEASE: string;
  }
}
