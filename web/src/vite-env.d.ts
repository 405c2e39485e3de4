/// <reference types="vite/client" />

/** The id of this build, compared with /build.json to offer a reload. */
declare const __BUILD_ID__: string;
