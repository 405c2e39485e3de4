/// <reference types="vite/client" />

/** The id of this build, compared with /build.json to offer a reload. */
declare const __BUILD_ID__: string;

/** The language this build speaks (`zh-TW`, `vi`, `en`). */
declare const __LANGUAGE__: 'zh-TW' | 'vi' | 'en';

/** A Fluent catalogue, compiled by the build to the runtime's form. */
declare module '*.ftl' {
  const body: import('@fluent/bundle').FluentResource['body'];
  export default body;
}
